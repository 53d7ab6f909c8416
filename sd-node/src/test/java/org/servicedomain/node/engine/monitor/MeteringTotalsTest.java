package org.servicedomain.node.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.session.TestClock;

/** Usage totals per user and port are the same after the node reopens its metering. */
class MeteringTotalsTest {

    private static final String PORT = "StockQuotePortType";

    @TempDir
    Path dataDir;

    private final TestClock clock = new TestClock();

    @Test
    void reopenedMeteringHasTheSameTotals() {
        List<Metering.Usage> before;
        try (Metering metering = new Metering(dataDir, clock, 30)) {
            meterSome(metering);
            before = sorted(metering.usage(null));
        }

        try (Metering reopened = new Metering(dataDir, clock, 30)) {
            assertThat(sorted(reopened.usage(null))).isEqualTo(before);
            reopened.record("joe", "gold", PORT, "getQuote", "q-1", Set.of(), "served", true, 1_000, 10, 20);
            assertThat(reopened.usage(PORT)).filteredOn(u -> u.user().equals("joe"))
                    .extracting(Metering.Usage::requests).containsExactly(4L);
        }
        try (Metering again = new Metering(dataDir, clock, 30)) {
            assertThat(again.usage(PORT)).filteredOn(u -> u.user().equals("joe"))
                    .extracting(Metering.Usage::requests).containsExactly(4L);
        }
    }

    @Test
    void recordsWrittenAfterTheSavedTotalsAreAddedAndALostTotalsFileIsRebuilt() throws IOException {
        try (Metering metering = new Metering(dataDir, clock, 30)) {
            meterSome(metering);
        }
        Path file = onlyMeteringFile();
        Files.writeString(file, "2026-01-05T09:00:00Z\tann\t-\t" + PORT + "\tgetQuote\t-\tNoInstanceAvailable\t5\t7\t0\n",
                StandardCharsets.UTF_8, StandardOpenOption.APPEND);

        try (Metering reopened = new Metering(dataDir, clock, 30)) {
            assertThat(reopened.usage(PORT)).filteredOn(u -> u.user().equals("ann"))
                    .containsExactly(new Metering.Usage("ann", PORT, 1, 1, 7, 0));
        }
        Files.delete(dataDir.resolve("metering").resolve(MeteringTotals.FILE));
        try (Metering rebuilt = new Metering(dataDir, clock, 30)) {
            assertThat(rebuilt.usage(PORT)).hasSize(3);
            assertThat(rebuilt.usage(PORT)).filteredOn(u -> u.user().equals("joe"))
                    .containsExactly(new Metering.Usage("joe", PORT, 3, 1, 30, 40));
        }
    }

    @Test
    void dailyFilesBeyondTheRetentionAreDeletedWhileTheirTotalsStay() throws IOException {
        try (Metering metering = new Metering(dataDir, clock, 2)) {
            meterSome(metering);
        }
        Path first = onlyMeteringFile();
        clock.advance(Duration.ofDays(5));
        try (Metering later = new Metering(dataDir, clock, 2)) {
            later.record("joe", "gold", PORT, "getQuote", "q-1", Set.of(), "served", true, 1_000, 10, 20);
        }
        assertThat(first).doesNotExist();
        try (Metering reopened = new Metering(dataDir, clock, 2)) {
            assertThat(reopened.usage(PORT)).filteredOn(u -> u.user().equals("joe"))
                    .extracting(Metering.Usage::requests).containsExactly(4L);
        }
    }

    /** joe: 2 served and 1 refused; anonymous: 1 provider fault. */
    @Test
    void aFloodOfRefusalsIsWrittenAsFewLinesAndEveryCallStillCountsAfterARestart() throws IOException {
        List<Metering.Usage> live;
        try (Metering metering = new Metering(dataDir, clock, 30)) {
            for (int i = 0; i < 200; i++) {
                metering.record(null, null, PORT, "getQuote", null, Set.of(), "Overloaded", false, 2_000, 100, 0);
                if (i % 50 == 0) {
                    metering.record("joe", "gold", PORT, "getQuote", "q-1", Set.of(), "served", true, 1_000, 10, 20);
                    metering.record("joe", "gold", PORT, "getQuote", null, Set.of(), "Overloaded", false, 1_000, 10, 0);
                }
            }
            live = sorted(metering.usage(null));
        }
        assertThat(live).containsExactly(new Metering.Usage("(anonymous)", PORT, 200, 200, 20_000, 0),
                new Metering.Usage("joe", PORT, 8, 4, 80, 80));

        List<String> lines = Files.readAllLines(onlyMeteringFile());
        assertThat(lines).filteredOn(line -> line.contains("\tserved\t")).hasSize(4);
        assertThat(lines).hasSizeLessThan(20);
        try (Metering reopened = new Metering(dataDir, clock, 30)) {
            assertThat(sorted(reopened.usage(null))).isEqualTo(live);
        }
        Files.delete(dataDir.resolve("metering").resolve(MeteringTotals.FILE));
        try (Metering rebuilt = new Metering(dataDir, clock, 30)) {
            assertThat(sorted(rebuilt.usage(null))).isEqualTo(live);
        }
    }

    private static void meterSome(Metering metering) {
        metering.record("joe", "gold", PORT, "getQuote", "q-1", Set.of(), "served", true, 1_000, 10, 20);
        metering.record("joe", "gold", PORT, "getQuote", "q-1", Set.of(), "served", true, 1_000, 10, 20);
        metering.record("joe", "gold", PORT, "getQuote", null, Set.of(), "NoInstanceAvailable", false, 1_000, 10, 0);
        metering.record(null, null, PORT, "getQuote", "q-1", Set.of(), "provider_fault", true, 1_000, 10, 30);
    }

    private Path onlyMeteringFile() throws IOException {
        try (Stream<Path> files = Files.list(dataDir.resolve("metering"))) {
            return files.filter(f -> f.getFileName().toString().endsWith(".tsv")).reduce((x, y) -> {
                throw new AssertionError("more than one metering file: " + x + ", " + y);
            }).orElseThrow();
        }
    }

    private static List<Metering.Usage> sorted(List<Metering.Usage> usage) {
        return usage.stream().sorted(Comparator.comparing(Metering.Usage::user)).toList();
    }
}
