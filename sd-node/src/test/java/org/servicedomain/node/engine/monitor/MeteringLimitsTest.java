package org.servicedomain.node.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.session.TestClock;

/** Metering files stay within their byte limit, and a line cut short is never glued to the next record. */
class MeteringLimitsTest {

    private static final String PORT = "StockQuotePortType";

    @TempDir
    Path dataDir;

    private final TestClock clock = new TestClock();

    @Test
    void theOldestDailyFilesGoWhenTheFilesExceedTheirByteLimit() throws IOException {
        Path dir = Files.createDirectories(dataDir.resolve("metering"));
        Files.write(dir.resolve("metering-2026-01-01.tsv"), new byte[600]);
        Files.write(dir.resolve("metering-2026-01-02.tsv"), new byte[600]);

        try (Metering metering = new Metering(dataDir, clock, 400, 1_000)) {
            metering.record("joe", "gold", PORT, "getQuote", "q-1", Set.of(), "served", true, 1_000, 10, 20);
            await().atMost(Duration.ofSeconds(10)).until(() -> Files.exists(dir.resolve("metering-2026-01-05.tsv")));
        }

        assertThat(dir.resolve("metering-2026-01-01.tsv")).doesNotExist();
        assertThat(dir.resolve("metering-2026-01-02.tsv")).exists();
    }

    @Test
    void recordsAreDroppedAndCountedWhileTodaysFileAloneExceedsTheLimit() throws IOException {
        Path dir = Files.createDirectories(dataDir.resolve("metering"));
        Path today = dir.resolve("metering-2026-01-05.tsv");
        Files.write(today, new byte[2_000]);

        try (Metering metering = new Metering(dataDir, clock, 400, 1_000)) {
            metering.record("joe", "gold", PORT, "getQuote", "q-1", Set.of(), "served", true, 1_000, 10, 20);
            await().atMost(Duration.ofSeconds(10)).until(() -> metering.dropped() == 1);
        }

        assertThat(Files.size(today)).isEqualTo(2_000);
    }

    @Test
    void aLineCutShortByAFullDiskIsNotMergedWithTheNextRecord() throws IOException {
        Path dir = Files.createDirectories(dataDir.resolve("metering"));
        Path today = dir.resolve("metering-2026-01-05.tsv");
        Files.writeString(today, "2026-01-05T08:00:00Z\tann\tgold\t" + PORT + "\tgetQu", StandardCharsets.UTF_8);

        try (Metering metering = new Metering(dataDir, clock, 400)) {
            metering.record("joe", "gold", PORT, "getQuote", "q-1", Set.of(), "served", true, 1_000, 10, 20);
            await().atMost(Duration.ofSeconds(10)).until(() -> Files.readAllLines(today).size() == 2);
        }

        List<String> lines = Files.readAllLines(today);
        assertThat(lines.get(0)).endsWith("getQu");
        assertThat(lines.get(1)).startsWith("2026-01-05T09:00:00Z\tjoe\t");
    }
}
