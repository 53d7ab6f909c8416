package org.servicedomain.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.stream.Stream;
import org.servicedomain.node.engine.monitor.Metering;
import org.servicedomain.node.engine.monitor.MeteringRecords;

/** The metering records a node has written to its data directory so far (they are written in the background). */
public final class MeteredRecords {

    private MeteredRecords() {
    }

    /**
     * How many calls the daily files under {@code dataDir/metering} hold records of; 0 before the first is
     * written. A line of the node's merged faults counts all the calls it stands for.
     */
    public static long count(Path dataDir) {
        Path dir = dataDir.resolve("metering");
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(dir)) {
            long total = 0;
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".tsv")).toList()) {
                total += Files.readAllLines(file).stream().map(MeteringRecords::parse).filter(Objects::nonNull)
                        .mapToLong(Metering.Record::calls).sum();
            }
            return total;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
