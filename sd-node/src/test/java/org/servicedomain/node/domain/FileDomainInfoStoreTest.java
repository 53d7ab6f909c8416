package org.servicedomain.node.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileDomainInfoStoreTest {

    @TempDir
    Path dataDir;

    @Test
    void aChangeIsOnDiskWhenItReturnsAndReadAgainByTheNextOpen() throws IOException {
        FileDomainInfoStore store = FileDomainInfoStore.open(dataDir);
        assertThat(store.current()).isEqualTo(DomainInfo.NONE);

        DomainInfo kept = store.update(current -> new DomainInfoChange("Quotes <&> \"more\"", "ACME", null, null, null)
                .applyTo(current, "root", Instant.parse("2026-12-06T18:00:00Z")));

        assertThat(FileDomainInfoStore.open(dataDir).current()).isEqualTo(kept);
        try (var files = Files.list(dataDir)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactly("domain.json");
        }
    }

    @Test
    void anUnreadableFileStopsTheOpenNamingIt() throws IOException {
        Files.writeString(dataDir.resolve("domain.json"), "{\"format\": 1, \"description\": ");

        assertThatThrownBy(() -> FileDomainInfoStore.open(dataDir)).isInstanceOf(IOException.class)
                .hasMessageContaining("domain.json is not readable domain information");
    }
}
