package org.servicedomain.node.engine.monitor;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.servicedomain.node.core.Instance;

/**
 * Reads back the metering records of a period from the daily files, for replaying traffic (the
 * policy impact preview) and for bills. A line cut short or otherwise unreadable is skipped, not fatal.
 */
public final class MeteringRecords {

    /** The fields of a line; files written before records held the instance's supplier levels have one fewer. */
    private static final int FIELDS = 11;

    private MeteringRecords() {
    }

    /**
     * The records under {@code dataDir/metering} timed from {@code from} to {@code to}, in file order,
     * read lazily one line at a time (an hour of a busy node's traffic need not fit in memory); close
     * the stream to close the files.
     */
    public static Stream<Metering.Record> between(Path dataDir, Instant from, Instant to) {
        Path dir = dataDir.resolve("metering");
        LocalDate first = LocalDate.ofInstant(from, ZoneOffset.UTC);
        LocalDate last = LocalDate.ofInstant(to, ZoneOffset.UTC);
        return first.datesUntil(last.plusDays(1))
                .map(day -> dir.resolve("metering-" + day + ".tsv"))
                .filter(Files::isRegularFile)
                .flatMap(MeteringRecords::lines)
                .map(MeteringRecords::parse)
                .filter(r -> r != null && !r.time().isBefore(from) && !r.time().isAfter(to));
    }

    /** The file's lines; bytes that are not UTF-8 (a line cut short by a crash) become U+FFFD rather than an error. */
    private static Stream<String> lines(Path file) {
        try {
            BufferedReader in = new BufferedReader(new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8));
            return in.lines().onClose(() -> {
                try {
                    in.close();
                } catch (IOException e) {
                    throw new UncheckedIOException("could not close " + file, e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + file, e);
        }
    }

    /** One line as {@code Metering.Record.line()} wrote it, or null when it is not one. */
    public static Metering.Record parse(String line) {
        String[] f = line.split("\t", -1);
        if (f.length < FIELDS - 1 || f.length > FIELDS + 1) {
            return null;
        }
        try {
            return new Metering.Record(Instant.parse(f[0]), f[1], undash(f[2]), f[3], f[4], undash(f[5]), f[6],
                    Long.parseLong(f[7]), Long.parseLong(f[8]), Long.parseLong(f[9]),
                    f.length >= FIELDS && !"-".equals(f[10]) ? Instance.levelsOf(List.of(f[10])) : Set.of(), calls(f));
        } catch (DateTimeParseException | IllegalArgumentException e) {
            return null;
        }
    }

    /** The calls a line stands for: its twelfth field, on a line of the node's merged faults; else one. */
    private static long calls(String[] fields) {
        return fields.length > FIELDS ? Long.parseLong(fields[FIELDS]) : 1;
    }

    private static String undash(String value) {
        return "-".equals(value) ? null : value;
    }
}
