package org.servicedomain.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The metering records a node has written to its data directory so far (they are written in the background). */
public final class MeteredRecords {

    private MeteredRecords() {
    }

    /**
     * How many calls the daily files under {@code dataDir/metering} hold records of; 0 before the first is
     * written. A line of the node's merged faults counts the calls in its twelfth field.
     */
    public static long count(Path dataDir) {
        Path dir = dataDir.resolve("metering");
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(dir)) {
            long total = 0;
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".tsv")).toList()) {
                total += Files.readAllLines(file).stream().filter(line -> !line.isBlank()).mapToLong(MeteredRecords::calls).sum();
            }
            return total;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long calls(String line) {
        String[] fields = line.split("\t", -1);
        return fields.length > 11 ? Long.parseLong(fields[11]) : 1;
    }
}
