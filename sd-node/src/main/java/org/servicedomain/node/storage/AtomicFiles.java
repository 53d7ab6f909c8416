package org.servicedomain.node.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;

/**
 * Writes a file so that a reader — or a node restarted after {@code kill -9} — sees either the old
 * content or the new, never a mix: write a temp file beside it, fsync, rename, fsync the directory.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    public static void write(Path target, byte[] content) throws IOException {
        write(target, content, false);
    }

    /** As {@link #write(Path, byte[])}, readable by the node's user only from the first byte on (where POSIX). */
    public static void writePrivate(Path target, byte[] content) throws IOException {
        write(target, content, true);
    }

    private static void write(Path target, byte[] content, boolean ownerOnly) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            syncDirectory(dir.getParent());
        }
        Path temp = dir.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            try (FileChannel channel = open(temp, ownerOnly)) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("the file system under " + dir + " cannot rename atomically", e);
            }
            syncDirectory(dir);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static FileChannel open(Path temp, boolean ownerOnly) throws IOException {
        Set<StandardOpenOption> options = EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        if (ownerOnly && temp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return FileChannel.open(temp, options,
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        }
        return FileChannel.open(temp, options);
    }

    /** Makes the rename durable; some platforms cannot open a directory, where rename is durable anyway. */
    private static void syncDirectory(Path dir) throws IOException {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            if (!System.getProperty("os.name", "").toLowerCase().contains("win")) {
                throw e;
            }
        }
    }
}
