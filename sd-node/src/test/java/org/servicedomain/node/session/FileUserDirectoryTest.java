package org.servicedomain.node.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

class FileUserDirectoryTest {

    private static final User JOE = new User("joe", "platinum", List.of("bankA", "bankB"), Set.of("user"));
    private static final User ANN = new User("ann", "trial", List.of(), Set.of("administrator", "user"));

    @TempDir
    Path dataDir;

    @Test
    void authenticatesAUserWithTheirPassword() throws IOException {
        FileUserDirectory users = new FileUserDirectory(dataDir);
        users.put(JOE, "s3cret".toCharArray());

        assertThat(users.authenticate("joe", "s3cret".toCharArray())).isEqualTo(JOE);
    }

    @Test
    void refusesAWrongPasswordAndAnUnknownUserAlike() throws IOException {
        FileUserDirectory users = new FileUserDirectory(dataDir);
        users.put(JOE, "s3cret".toCharArray());

        NodeFault wrongPassword = refusal(() -> users.authenticate("joe", "guess".toCharArray()));
        NodeFault unknownUser = refusal(() -> users.authenticate("nobody", "s3cret".toCharArray()));

        assertThat(wrongPassword.code()).isEqualTo(FaultCode.NotAuthorized);
        assertThat(unknownUser.code()).isEqualTo(FaultCode.NotAuthorized);
        assertThat(unknownUser).hasMessage(wrongPassword.getMessage()).hasMessage("wrong user name or password");
    }

    @Test
    void keepsNoPasswordInClearAndSaltsEveryHash() throws IOException {
        FileUserDirectory users = new FileUserDirectory(dataDir);
        users.put(JOE, "same-password".toCharArray());
        users.put(ANN, "same-password".toCharArray());

        String file = Files.readString(dataDir.resolve("users.json"));
        assertThat(file).doesNotContain("same-password").contains("PBKDF2WithHmacSHA256", "210000");
        List<String> hashes = Stream.of(file.split("\n")).filter(l -> l.contains("\"hash\"")).toList();
        assertThat(hashes).hasSize(2).doesNotHaveDuplicates();
        if (Files.getFileStore(dataDir).supportsFileAttributeView("posix")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir.resolve("users.json"))))
                    .isEqualTo("rw-------");
        }
    }

    @Test
    void keepsUsersAndPasswordsAcrossReopen() throws IOException {
        new FileUserDirectory(dataDir).put(JOE, "s3cret".toCharArray());

        FileUserDirectory reopened = new FileUserDirectory(dataDir);

        assertThat(reopened.list()).containsExactly(JOE);
        assertThat(reopened.authenticate("joe", "s3cret".toCharArray())).isEqualTo(JOE);
    }

    @Test
    void keepsThePasswordWhenAUserChangesWithoutOne() throws IOException {
        FileUserDirectory users = new FileUserDirectory(dataDir);
        users.put(JOE, "s3cret".toCharArray());
        User promoted = new User("joe", "gold", List.of("bankA"), Set.of("user"));

        users.put(promoted, null);

        assertThat(users.authenticate("joe", "s3cret".toCharArray())).isEqualTo(promoted);
        assertThatThrownBy(() -> users.put(ANN, null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void removesAUserAndLeavesNoTempFilesBehind() throws IOException {
        FileUserDirectory users = new FileUserDirectory(dataDir);
        users.put(JOE, "s3cret".toCharArray());

        assertThat(users.remove("joe")).isTrue();
        assertThat(users.remove("joe")).isFalse();

        assertThat(new FileUserDirectory(dataDir).find("joe")).isEmpty();
        try (Stream<Path> files = Files.list(dataDir)) {
            assertThat(files).containsExactly(dataDir.resolve("users.json"));
        }
    }

    private static NodeFault refusal(Runnable attempt) {
        try {
            attempt.run();
        } catch (NodeFault fault) {
            return fault;
        }
        throw new AssertionError("expected a NodeFault");
    }
}
