package org.servicedomain.node.storage;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Creates the node's files 0600 and its directories 0700 (where the file system is POSIX), from the
 * moment they exist: metering, catalog, sessions and status name clients, instances and credentials,
 * which other local users have no need to read.
 */
public final class OwnerOnly {

    private static final String FILE = "rw-------";
    private static final String DIRECTORY = "rwx------";

    private OwnerOnly() {
    }

    /** Opens {@code file}; if {@code options} create it, it is created owner-only. */
    public static FileChannel open(Path file, Set<? extends OpenOption> options) throws IOException {
        return FileChannel.open(file, options, attributes(file.getFileSystem(), FILE));
    }

    /** Creates {@code dir} and any missing parent owner-only; directories already there keep their mode. */
    public static Path createDirectories(Path dir) throws IOException {
        return Files.createDirectories(dir, attributes(dir.getFileSystem(), DIRECTORY));
    }

    private static FileAttribute<?>[] attributes(FileSystem fs, String permissions) {
        if (!fs.supportedFileAttributeViews().contains("posix")) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions))};
    }
}
