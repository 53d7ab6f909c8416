package org.servicedomain.node.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit file holds whole JSON lines only and stays within its size limit by rotating. */
class AuditFileTest {

    @TempDir
    Path dir;

    @Test
    void aLineAPowerCutLeftHalfWrittenIsCutOffWhenTheFileIsOpenedAgain() throws IOException {
        Path path = dir.resolve("audit.log");
        try (AuditFile file = AuditFile.open(path, AuditConfig.DEFAULT_MAX_BYTES)) {
            file.append(entry("first"));
        }
        Files.writeString(path, "{\"time\":\"2026-", StandardCharsets.UTF_8, StandardOpenOption.APPEND);

        try (AuditFile file = AuditFile.open(path, AuditConfig.DEFAULT_MAX_BYTES)) {
            file.append(entry("second"));
        }

        assertThat(Files.readAllLines(path)).hasSize(2).allSatisfy(line -> assertThat(line).startsWith("{").endsWith("}"))
                .anySatisfy(line -> assertThat(line).contains("\"action\":\"first\""))
                .anySatisfy(line -> assertThat(line).contains("\"action\":\"second\""));
    }

    @Test
    void pastItsLimitTheFileBecomesDotOneAndANewOneBegins() throws IOException {
        Path path = dir.resolve("audit.log");
        try (AuditFile file = AuditFile.open(path, 1024)) {
            for (int i = 0; i < 30; i++) {
                file.append(entry("action-" + i));
            }
        }

        assertThat(Files.size(path)).isLessThanOrEqualTo(1024);
        assertThat(Files.size(dir.resolve("audit.log.1"))).isLessThanOrEqualTo(1024);
        assertThat(Files.readAllLines(path)).last().satisfies(line -> assertThat(line).contains("\"action\":\"action-29\""));
        assertThat(Files.readAllLines(dir.resolve("audit.log.1"))).allSatisfy(line -> assertThat(line).endsWith("}"));
    }

    @Test
    void aLineBreakInsideAValueStaysInsideItsLine() throws IOException {
        Path path = dir.resolve("audit.log");
        try (AuditFile file = AuditFile.open(path, AuditConfig.DEFAULT_MAX_BYTES)) {
            file.append(new AuditEntry(Instant.EPOCH, "mallory\n{\"who\":\"root\"}", "login", null, "127.0.0.1", "NotAuthorized", null));
        }

        assertThat(Files.readAllLines(path)).singleElement().satisfies(line -> assertThat(line).contains("mallory\\n"));
    }

    private static AuditEntry entry(String action) {
        return new AuditEntry(Instant.parse("2026-12-06T03:00:00Z"), "root", action, "target", "127.0.0.1", AuditEntry.OK, null);
    }
}
