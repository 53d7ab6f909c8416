package org.servicedomain.node.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MeteringRecordsTest {

    @TempDir
    Path dataDir;

    private static String line(String time, String user) {
        return new Metering.Record(Instant.parse(time), user, null, "P", "op", null, "served", 5, 1, 2, Set.of()).line() + "\n";
    }

    @Test
    void readsTheRecordsOfThePeriodAcrossMidnightAndSkipsLinesCutShort() throws Exception {
        Path dir = Files.createDirectories(dataDir.resolve("metering"));
        Files.writeString(dir.resolve("metering-2026-12-01.tsv"), line("2026-12-01T22:59:00Z", "too-early")
                + line("2026-12-01T23:30:00Z", "before-midnight") + "2026-12-01T23:40:00Z\tcut-sh", StandardCharsets.UTF_8);
        Files.write(dir.resolve("metering-2026-12-02.tsv"), (line("2026-12-02T00:10:00Z", "after-midnight")
                + "2026-12-02T00:11:00Z\tbroken\t\u00e9").getBytes(StandardCharsets.UTF_8));
        byte[] withHalfAChar = Files.readAllBytes(dir.resolve("metering-2026-12-02.tsv"));
        Files.write(dir.resolve("metering-2026-12-02.tsv"), java.util.Arrays.copyOf(withHalfAChar, withHalfAChar.length - 1));

        List<Metering.Record> records;
        try (Stream<Metering.Record> read = MeteringRecords.between(dataDir, Instant.parse("2026-12-01T23:00:00Z"),
                Instant.parse("2026-12-02T00:30:00Z"))) {
            records = read.toList();
        }

        assertThat(records).extracting(Metering.Record::user).containsExactly("before-midnight", "after-midnight");
        assertThat(records.get(0).userLevel()).isNull();
        assertThat(records.get(1).micros()).isEqualTo(5);
    }

    @Test
    void aRecordKeepsTheSupplierLevelsItsInstanceHadAndALineOfAnOlderFileHasNone() throws Exception {
        Path dir = Files.createDirectories(dataDir.resolve("metering"));
        Metering.Record twoLevels = new Metering.Record(Instant.parse("2026-12-01T10:00:00Z"), "bea", "gold", "P", "op", "i-1",
                "served", 5, 1, 2, Set.of("ServerGreen", "ServerBlue"));
        Metering.Record noLevel = new Metering.Record(Instant.parse("2026-12-01T10:01:00Z"), "bea", "gold", "P", "op", "i-2",
                "served", 5, 1, 2, Set.of());
        String writtenBeforeLevels = "2026-12-01T10:02:00Z\tgus\tbasic\tP\top\ti-3\tserved\t5\t1\t2\n";
        Files.writeString(dir.resolve("metering-2026-12-01.tsv"), twoLevels.line() + "\n" + noLevel.line() + "\n"
                + writtenBeforeLevels, StandardCharsets.UTF_8);

        List<Metering.Record> records;
        try (Stream<Metering.Record> read = MeteringRecords.between(dataDir, Instant.parse("2026-12-01T00:00:00Z"),
                Instant.parse("2026-12-02T00:00:00Z"))) {
            records = read.toList();
        }

        assertThat(twoLevels.line()).endsWith("\tServerBlue ServerGreen");
        assertThat(records).extracting(Metering.Record::instanceId).containsExactly("i-1", "i-2", "i-3");
        assertThat(records).extracting(Metering.Record::supplierLevels)
                .containsExactly(Set.of("ServerBlue", "ServerGreen"), Set.of(), Set.of());
    }

    @Test
    void aNodeWithoutMeteringFilesHasNoRecords() {
        try (Stream<Metering.Record> read = MeteringRecords.between(dataDir, Instant.EPOCH, Instant.parse("1970-01-02T00:00:00Z"))) {
            assertThat(read).isEmpty();
        }
    }

    @Test
    void aLineOfMergedFaultsReadsBackWithItsCallsAndOlderLinesAsOneCallEach() {
        Metering.Record merged = new Metering.Record(Instant.parse("2026-12-07T17:00:00.25Z"), "(anonymous)", null, "P",
                "getQuote", null, "Overloaded", 70, 300, 0, Set.of(), 3);
        Metering.Record one = new Metering.Record(Instant.parse("2026-12-07T17:00:01Z"), "ann", "gold", "P", "getQuote",
                "q-1", "served", 5, 1, 2, Set.of("gold"));

        assertThat(merged.line().split("\t", -1)).hasSize(12).endsWith("3");
        assertThat(one.line().split("\t", -1)).hasSize(11);
        assertThat(MeteringRecords.parse(merged.line())).isEqualTo(merged);
        assertThat(MeteringRecords.parse(one.line())).isEqualTo(one);
        assertThat(MeteringRecords.parse("2026-12-07T17:00:00Z\tann\t-\tP\top\t-\tOverloaded\t5\t1\t0").calls()).isEqualTo(1);
        String noCalls = merged.line().substring(0, merged.line().lastIndexOf('\t')) + "\t0";
        assertThat(MeteringRecords.parse(noCalls)).isNull();
    }
}
