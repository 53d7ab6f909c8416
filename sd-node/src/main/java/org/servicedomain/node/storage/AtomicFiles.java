package org.servicedomain.node.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.UUID;

/**
 * Writes a file so that a reader — or a node restarted after {@code kill -9} — sees either the old
 * content or the new, never a mix: write a temp file beside it, fsync, rename, fsync the directory.
 * Every file is the node's user's alone (see {@link OwnerOnly}): the data directory holds catalogs,
 * metering, sessions and secrets that no other local user needs to read.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** Replaces {@code target} with {@code content}, readable by the node's user only from the first byte on (where POSIX). */
    public static void write(Path target, byte[] content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            OwnerOnly.createDirectories(dir);
            syncDirectory(dir.getParent());
        }
        Path temp = dir.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            try (FileChannel channel = OwnerOnly.open(temp, EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE))) {
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
