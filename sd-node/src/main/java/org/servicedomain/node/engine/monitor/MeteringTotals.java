package org.servicedomain.node.engine.monitor;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.servicedomain.node.storage.AtomicFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The usage totals of every metering record written so far, kept in {@code metering/totals.json}
 * with the file and byte offset they account up to, so that a restarted node adds up the same
 * totals: it loads the file and replays only the records written after that position. Written
 * atomically by the metering thread after each batch; used by that thread only.
 */
final class MeteringTotals {

    private static final Logger LOG = LoggerFactory.getLogger(MeteringTotals.class);
    static final String FILE = "totals.json";
    private static final String PREFIX = "metering-";
    private static final String SUFFIX = ".tsv";

    /** A user on a port; hashed and compared by hand, as the running totals look one up per request. */
    record Key(String user, String virtualPort) {
        @Override
        public int hashCode() {
            return 31 * user.hashCode() + virtualPort.hashCode();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key k && user.equals(k.user) && virtualPort.equals(k.virtualPort);
        }
    }

    /** Sums of one user on one port; mutable, confined to the metering thread. */
    static final class Sums {
        long requests;
        long failures;
        long requestBytes;
        long replyBytes;
    }

    record UsageRecord(String user, String virtualPort, long requests, long failures, long requestBytes, long replyBytes) {
    }

    record TotalsFile(int format, String file, long offset, List<UsageRecord> usage) {
    }

    private final Path dir;
    private final ObjectMapper json = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final Map<Key, Sums> sums = new LinkedHashMap<>();

    private MeteringTotals(Path dir) {
        this.dir = dir;
    }

    /** The totals as saved, plus every record written after the saved position. */
    static MeteringTotals load(Path dir) throws IOException {
        MeteringTotals totals = new MeteringTotals(dir);
        String file = null;
        long offset = 0;
        Path saved = dir.resolve(FILE);
        if (Files.exists(saved)) {
            try {
                TotalsFile read = totals.json.readValue(saved.toFile(), TotalsFile.class);
                for (UsageRecord u : read.usage()) {
                    Sums s = totals.sumsOf(u.user(), u.virtualPort());
                    s.requests += u.requests();
                    s.failures += u.failures();
                    s.requestBytes += u.requestBytes();
                    s.replyBytes += u.replyBytes();
                }
                file = read.file();
                offset = read.offset();
            } catch (IOException | RuntimeException e) {
                LOG.error("metering totals {} unreadable; adding up the metering files kept instead", saved, e);
                totals.sums.clear();
            }
        }
        for (Path f : meteringFiles(dir)) {
            String name = f.getFileName().toString();
            int order = file == null ? 1 : name.compareTo(file);
            if (order >= 0) {
                totals.replay(f, order == 0 ? offset : 0);
            }
        }
        return totals;
    }

    Map<Key, Sums> sums() {
        return sums;
    }

    void add(Metering.Record r, boolean failure) {
        Sums s = sumsOf(r.user(), r.virtualPort());
        s.requests += r.calls();
        if (failure) {
            s.failures += r.calls();
        }
        s.requestBytes += r.requestBytes();
        s.replyBytes += r.replyBytes();
    }

    /** Saves the totals as accounting for everything up to {@code offset} of {@code file}. */
    void save(Path file, long offset) throws IOException {
        List<UsageRecord> usage = new ArrayList<>();
        sums.forEach((k, s) -> usage.add(new UsageRecord(k.user(), k.virtualPort(), s.requests, s.failures,
                s.requestBytes, s.replyBytes)));
        AtomicFiles.write(dir.resolve(FILE), json.writeValueAsBytes(
                new TotalsFile(1, file.getFileName().toString(), offset, usage)));
    }

    /** Deletes the daily files older than {@code keepFrom}; the totals keep what they held. */
    static void deleteBefore(Path dir, LocalDate keepFrom) throws IOException {
        for (Path f : meteringFiles(dir)) {
            String name = f.getFileName().toString();
            try {
                LocalDate day = LocalDate.parse(name.substring(PREFIX.length(), name.length() - SUFFIX.length()));
                if (day.isBefore(keepFrom)) {
                    Files.delete(f);
                    LOG.info("deleted metering file {}, older than the retention", f);
                }
            } catch (DateTimeParseException e) {
                LOG.warn("metering file {} has no date in its name; kept", f, e);
            }
        }
    }

    /** The bytes of the daily files. */
    static long bytesOfFiles(Path dir) throws IOException {
        long bytes = 0;
        for (Path f : meteringFiles(dir)) {
            bytes += Files.size(f);
        }
        return bytes;
    }

    /** Deletes the oldest daily file other than {@code keep}; returns its size, 0 when there is none. */
    static long deleteOldest(Path dir, Path keep) throws IOException {
        for (Path f : meteringFiles(dir)) {
            if (!f.getFileName().equals(keep.getFileName())) {
                long size = Files.size(f);
                Files.delete(f);
                LOG.info("deleted metering file {}: the metering files were larger than their limit", f);
                return size;
            }
        }
        return 0;
    }

    private void replay(Path file, long offset) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(file)) {
            channel.position(Math.min(offset, channel.size()));
            BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8));
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                Metering.Record r = MeteringRecords.parse(line);
                if (r == null) {
                    LOG.warn("skipped a metering line in {} that is cut short or malformed", file);
                    continue;
                }
                add(r, !Metering.answeredByProvider(r.outcome()));
            }
        }
    }

    /** Whether {@code file}, not empty, ends with a line break. */
    static boolean endsWithNewline(Path file) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(file)) {
            channel.position(channel.size() - 1);
            java.nio.ByteBuffer last = java.nio.ByteBuffer.allocate(1);
            return channel.read(last) == 1 && last.get(0) == '\n';
        }
    }

    private Sums sumsOf(String user, String virtualPort) {
        return sums.computeIfAbsent(new Key(user, virtualPort), k -> new Sums());
    }

    private static List<Path> meteringFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> {
                String n = f.getFileName().toString();
                return n.startsWith(PREFIX) && n.endsWith(SUFFIX);
            }).sorted().toList();
        }
    }
}
