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

    /** How many records the daily files under {@code dataDir/metering} hold; 0 before the first is written. */
    public static long count(Path dataDir) {
        Path dir = dataDir.resolve("metering");
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(dir)) {
            long lines = 0;
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".tsv")).toList()) {
                lines += Files.readAllLines(file).stream().filter(line -> !line.isBlank()).count();
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
