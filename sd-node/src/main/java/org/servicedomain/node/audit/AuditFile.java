package org.servicedomain.node.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.servicedomain.node.storage.OwnerOnly;

/**
 * The audit trail on disk: one JSON object a line, appended with a single write and forced to disk,
 * so a killed node leaves whole lines only; a line a power cut left half written is cut off when the
 * file is next opened. Past its size limit the file becomes {@code NAME.1} and a new one begins.
 * Owner-only, like the rest of the data directory: it names users and their addresses.
 */
public final class AuditFile implements AutoCloseable {

    private final Path file;
    private final Path rotated;
    private final long maxBytes;
    private final ObjectMapper json = new ObjectMapper();
    private FileChannel channel;

    private AuditFile(Path file, long maxBytes) throws IOException {
        this.file = file;
        this.rotated = file.resolveSibling(file.getFileName() + ".1");
        this.maxBytes = maxBytes;
        this.channel = openCuttingTornLine(file);
    }

    /** Opens (creating it and its directory when missing) the audit file {@code file}, rotated past {@code maxBytes}. */
    public static AuditFile open(Path file, long maxBytes) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            OwnerOnly.createDirectories(dir);
        }
        return new AuditFile(file, maxBytes);
    }

    public Path path() {
        return file;
    }

    /** Appends {@code entry} as one line. */
    public synchronized void append(AuditEntry entry) throws IOException {
        byte[] line = line(entry);
        if (channel.size() > 0 && channel.size() + line.length > maxBytes) {
            channel.close();
            Files.move(file, rotated, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            channel = openCuttingTornLine(file);
        }
        ByteBuffer buffer = ByteBuffer.wrap(line);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        channel.force(false);
    }

    private byte[] line(AuditEntry entry) throws JsonProcessingException {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("time", entry.time().toString());
        fields.put("who", entry.who());
        fields.put("action", entry.action());
        fields.put("target", entry.target());
        fields.put("from", entry.from());
        fields.put("outcome", entry.outcome());
        fields.put("detail", entry.detail());
        byte[] object = json.writeValueAsBytes(fields); // Jackson escapes line breaks inside values
        byte[] line = new byte[object.length + 1];
        System.arraycopy(object, 0, line, 0, object.length);
        line[object.length] = '\n';
        return line;
    }

    /** Opens {@code file} for appending, first cutting off anything after its last line break. */
    private static FileChannel openCuttingTornLine(Path file) throws IOException {
        FileChannel opened = OwnerOnly.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE));
        try {
            long end = opened.size();
            long whole = end;
            ByteBuffer one = ByteBuffer.allocate(1);
            while (whole > 0) {
                one.clear();
                opened.read(one, whole - 1);
                if (one.get(0) == '\n') {
                    break;
                }
                whole--;
            }
            if (whole < end) {
                opened.truncate(whole);
                opened.force(false);
            }
            opened.position(whole);
            return opened;
        } catch (IOException | RuntimeException e) {
            opened.close();
            throw e;
        }
    }

    @Override
    public synchronized void close() throws IOException {
        channel.close();
    }
}
