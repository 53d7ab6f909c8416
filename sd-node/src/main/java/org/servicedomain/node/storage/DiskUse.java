package org.servicedomain.node.storage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** How many bytes the files under a directory take, for status answers. */
public final class DiskUse {

    private DiskUse() {
    }

    /** The bytes of the regular files under {@code dir}; -1 when they could not be counted. */
    public static long of(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException e) {
                    return 0; // gone while counting
                }
            }).sum();
        } catch (IOException | java.io.UncheckedIOException e) {
            return -1;
        }
    }
}
