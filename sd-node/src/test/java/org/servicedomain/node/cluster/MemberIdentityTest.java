package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemberIdentityTest {

    @TempDir
    Path dataDir;

    @Test
    void theFirstStartMakesAnIdAndKeepsItInTheDataDirectory() throws IOException {
        String id = MemberIdentity.load(dataDir);

        assertThat(id).matches("node-[0-9a-f]{8}");
        assertThat(dataDir.resolve(MemberIdentity.FILE)).content().isEqualTo(id + "\n");
    }

    @Test
    void aLaterStartReusesTheKeptId() throws IOException {
        String first = MemberIdentity.load(dataDir);

        assertThat(MemberIdentity.load(dataDir)).isEqualTo(first);
    }

    @Test
    void anotherDataDirectoryIsAnotherMember(@TempDir Path other) throws IOException {
        assertThat(MemberIdentity.load(other)).isNotEqualTo(MemberIdentity.load(dataDir));
    }

    @Test
    void aFileThatHoldsNoIdStopsTheStartRatherThanMakingANewMember() throws IOException {
        Files.writeString(dataDir.resolve(MemberIdentity.FILE), "garbage");

        assertThatThrownBy(() -> MemberIdentity.load(dataDir)).isInstanceOf(IOException.class)
                .hasMessageContaining("holds no member id").hasMessageContaining("delete it");
        assertThat(dataDir.resolve(MemberIdentity.FILE)).content().isEqualTo("garbage");
    }
}
