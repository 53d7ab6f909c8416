package org.servicedomain.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionFileTest {

    @TempDir
    Path home;

    @Test
    void theConfigDirectoryFollowsXdgConfigHome() {
        assertThat(SessionFile.directory(Map.of("XDG_CONFIG_HOME", home.toString()))).isEqualTo(home.resolve("sdctl"));
        assertThat(SessionFile.directory(Map.of())).isEqualTo(Path.of(System.getProperty("user.home"), ".config", "sdctl"));
    }

    @Test
    void keepsTheLatestSessionFirstOnePerNodeAndUserInAnOwnerOnlyFile() throws Exception {
        SessionFile file = new SessionFile(home.resolve("sdctl"));
        file.put(new SessionFile.Saved("http://a/sd", "root", "s1", "staff", List.of("administrator")));
        file.put(new SessionFile.Saved("http://b/sd", "joe", "s2", "customer", List.of()));
        file.put(new SessionFile.Saved("http://a/sd/", "root", "s3", "staff", List.of("administrator")));

        assertThat(file.all()).extracting(SessionFile.Saved::sessionId).containsExactly("s3", "s2");
        assertThat(file.find("http://a/sd", null).orElseThrow().sessionId()).isEqualTo("s3");
        assertThat(file.find(null, "joe").orElseThrow().node()).isEqualTo("http://b/sd");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.path()))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve("sdctl")))).isEqualTo("rwx------");
        try (var left = Files.list(home.resolve("sdctl"))) {
            assertThat(left).containsExactly(file.path());
        }

        assertThat(file.remove("http://a/sd", "root")).isTrue();
        assertThat(file.remove("http://a/sd", "root")).isFalse();
        assertThat(file.all()).extracting(SessionFile.Saved::sessionId).containsExactly("s2");
    }
}
