package org.servicedomain.node.engine.monitor;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads back the metering records of a recent period from the daily files, for replaying traffic
 * (the policy impact preview). A line cut short or otherwise unreadable is skipped, not fatal.
 */
public final class MeteringRecords {

    private static final int FIELDS = 10;

    private MeteringRecords() {
    }

    /** The records under {@code dataDir/metering} timed at or after {@code from} and not after {@code to}, in file order. */
    public static List<Metering.Record> between(Path dataDir, Instant from, Instant to) throws IOException {
        Path dir = dataDir.resolve("metering");
        List<Metering.Record> records = new ArrayList<>();
        LocalDate last = LocalDate.ofInstant(to, ZoneOffset.UTC);
        for (LocalDate day = LocalDate.ofInstant(from, ZoneOffset.UTC); !day.isAfter(last); day = day.plusDays(1)) {
            Path file = dir.resolve("metering-" + day + ".tsv");
            if (!Files.isRegularFile(file)) {
                continue;
            }
            try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    Metering.Record record = parse(line);
                    if (record != null && !record.time().isBefore(from) && !record.time().isAfter(to)) {
                        records.add(record);
                    }
                }
            }
        }
        return records;
    }

    /** One line as {@code Metering.Record.line()} wrote it, or null when it is not one. */
    static Metering.Record parse(String line) {
        String[] f = line.split("\t", -1);
        if (f.length != FIELDS) {
            return null;
        }
        try {
            return new Metering.Record(Instant.parse(f[0]), f[1], undash(f[2]), f[3], f[4], undash(f[5]), f[6],
                    Long.parseLong(f[7]), Long.parseLong(f[8]), Long.parseLong(f[9]));
        } catch (DateTimeParseException | NumberFormatException e) {
            return null;
        }
    }

    private static String undash(String value) {
        return "-".equals(value) ? null : value;
    }
}
