package org.servicedomain.node.engine.monitor;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.servicedomain.node.core.DaemonThreads;
import org.servicedomain.node.storage.OwnerOnly;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One record per invocation (time, user, user level, port, operation, instance, outcome, duration,
 * bytes, the instance's supplier levels), the basis for usage-based fees: appended by a background
 * thread to a daily file under {@code metering/} in the data directory, and added up per user and port for {@code getServiceInfo}
 * (totals that survive a restart: see {@link MeteringTotals}).
 * Requests never wait for the file nor take a lock; records beyond a full queue are counted as dropped.
 */
public final class Metering implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Metering.class);
    private static final int QUEUE = 10_000;
    private static final Duration WRITE_INTERVAL = Duration.ofMillis(100);
    /** How often the totals are saved: they only spare a restart re-reading the records, which are the truth. */
    private static final Duration TOTALS_INTERVAL = Duration.ofSeconds(5);
    private static final String ANONYMOUS = "(anonymous)";

    /**
     * One invocation as metered.
     *
     * @param supplierLevels the supplier levels of the instance that answered, as they were at the call
     *     (so a bill does not change when the catalog does); empty when none answered, it had none, or
     *     the record comes from a file written before records held them
     * @param calls how many calls the record stands for: more than one only for the node's own faults,
     *     merged as they are written ({@link NodeFaultLines}); its duration and bytes are then their sums
     */
    public record Record(Instant time, String user, String userLevel, String virtualPort, String operation,
            String instanceId, String outcome, long micros, long requestBytes, long replyBytes, Set<String> supplierLevels,
            long calls) {

        public Record {
            supplierLevels = supplierLevels == null ? Set.of() : Set.copyOf(supplierLevels);
            if (calls < 1) {
                throw new IllegalArgumentException("a metering record stands for at least one call, not " + calls);
            }
        }

        /** A record of one call. */
        public Record(Instant time, String user, String userLevel, String virtualPort, String operation, String instanceId,
                String outcome, long micros, long requestBytes, long replyBytes, Set<String> supplierLevels) {
            this(time, user, userLevel, virtualPort, operation, instanceId, outcome, micros, requestBytes, replyBytes,
                    supplierLevels, 1);
        }

        /**
         * The record as one line of a daily file. The levels come after the ten fields of older files, and
         * the count of calls after them, only on a line of more than one, so older lines stay readable.
         */
        String line() {
            return line(new InstantText());
        }

        /** As {@link #line()}, its time written by {@code times}, which keeps the last second's text. */
        String line(InstantText times) {
            StringBuilder line = times.append(new StringBuilder(128), time).append('\t').append(user).append('\t').append(dash(userLevel))
                    .append('\t').append(virtualPort).append('\t').append(operation).append('\t').append(dash(instanceId))
                    .append('\t').append(outcome).append('\t').append(micros).append('\t').append(requestBytes)
                    .append('\t').append(replyBytes).append('\t').append(levels(supplierLevels));
            return (calls == 1 ? line : line.append('\t').append(calls)).toString();
        }

        /** Level names hold no white space, so one space separates them; sorted, so equal sets read alike. */
        private static String levels(Set<String> levels) {
            return levels.isEmpty() ? "-" : String.join(" ", new TreeSet<>(levels));
        }

        private static String dash(String value) {
            return value == null ? "-" : value;
        }
    }

    /** What one user used of one virtual port since the node started. */
    public record Usage(String user, String virtualPort, long requests, long failures, long requestBytes, long replyBytes) {
    }

    private static final class Totals {
        final LongAdder requests = new LongAdder();
        final LongAdder failures = new LongAdder();
        final LongAdder requestBytes = new LongAdder();
        final LongAdder replyBytes = new LongAdder();
    }

    private final Path dir;
    private final Clock clock;
    private final Queue<Record> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final Map<MeteringTotals.Key, Totals> totals = new ConcurrentHashMap<>();
    private final LongAdder dropped = new LongAdder();
    private final Thread writer;
    /** The writer thread's. */
    private final InstantText times = new InstantText();
    private volatile boolean open = true;
    private final int retentionDays;
    /** The totals of the records written, saved with the position they account up to; the writer thread's own. */
    private final MeteringTotals written;
    private LocalDate cleanedOn;
    private final long maxBytes;
    /** Bytes of the daily files, as the writer thread last counted and then added to; -1 until counted. */
    private long bytesOnDisk = -1;
    private LocalDate fullOn;
    /** The file the writer appended to last, and its size then: the end of what the totals account for. */
    private Path lastFile;
    private long lastSize = -1;
    private long totalsSavedAt;
    private boolean totalsUnsaved;

    /**
     * Opens the metering under {@code dataDir/metering}, with the totals of the records already there
     * (so usage survives a restart), keeping {@code retentionDays} daily files.
     */
    public Metering(Path dataDir, Clock clock, int retentionDays) {
        this(dataDir, clock, retentionDays, Long.MAX_VALUE);
    }

    /** As {@link #Metering(Path, Clock, int)}, keeping the daily files within {@code maxBytes} as well. */
    public Metering(Path dataDir, Clock clock, int retentionDays, long maxBytes) {
        this.dir = dataDir.resolve("metering");
        this.maxBytes = maxBytes;
        this.clock = clock;
        this.retentionDays = retentionDays;
        try {
            this.written = MeteringTotals.load(dir);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("could not read the metering files under " + dir, e);
        }
        written.sums().forEach((key, sums) -> {
            Totals t = totals.computeIfAbsent(key, k -> new Totals());
            t.requests.add(sums.requests);
            t.failures.add(sums.failures);
            t.requestBytes.add(sums.requestBytes);
            t.replyBytes.add(sums.replyBytes);
        });
        this.writer = DaemonThreads.named("sd-metering").newThread(this::writeLoop);
        writer.start();
    }

    /**
     * Meters one invocation; {@code user} null is an anonymous call, {@code served} whether the provider
     * answered, {@code supplierLevels} those of the instance that answered (empty when none did).
     */
    public void record(String user, String userLevel, String virtualPort, String operation, String instanceId,
            Set<String> supplierLevels, String outcome, boolean served, long nanos, long requestBytes, long replyBytes) {
        String who = user == null ? ANONYMOUS : user;
        MeteringTotals.Key key = new MeteringTotals.Key(who, virtualPort);
        Totals found = totals.get(key);
        Totals t = found != null ? found : totals.computeIfAbsent(key, k -> new Totals());
        t.requests.increment();
        if (!served) {
            t.failures.increment();
        }
        t.requestBytes.add(requestBytes);
        t.replyBytes.add(replyBytes);
        Record record = new Record(clock.instant(), who, userLevel, virtualPort, operation, instanceId, outcome,
                nanos / 1_000, requestBytes, replyBytes, supplierLevels);
        if (queued.incrementAndGet() > QUEUE) {
            queued.decrementAndGet();
            dropped.increment();
            return;
        }
        queue.add(record);
    }

    /** Usage per user and port, optionally of one port only. */
    public List<Usage> usage(String virtualPort) {
        List<Usage> usage = new ArrayList<>();
        totals.forEach((key, t) -> {
            if (virtualPort == null || virtualPort.equals(key.virtualPort())) {
                usage.add(new Usage(key.user(), key.virtualPort(), t.requests.sum(), t.failures.sum(),
                        t.requestBytes.sum(), t.replyBytes.sum()));
            }
        });
        return usage;
    }

    /** Records not written because the queue was full. */
    public long dropped() {
        return dropped.sum();
    }

    /**
     * Writes what is queued at most every {@link #WRITE_INTERVAL}, so under load a write carries
     * hundreds of records, not a few; saves the totals at most every {@link #TOTALS_INTERVAL}, before
     * any file is deleted, and at the end.
     */
    private void writeLoop() {
        List<Record> batch = new ArrayList<>();
        totalsSavedAt = System.nanoTime();
        while (open || !queue.isEmpty()) {
            long started = System.nanoTime();
            try {
                for (Record r = queue.poll(); r != null && batch.size() < QUEUE; r = queue.poll()) {
                    batch.add(r);
                }
                if (!batch.isEmpty()) {
                    queued.addAndGet(-batch.size());
                    append(batch);
                }
                if (started - totalsSavedAt >= TOTALS_INTERVAL.toNanos()) {
                    saveTotals();
                }
            } catch (IOException e) {
                LOG.error("could not write {} metering records to {}", batch.size(), dir, e);
            } finally {
                batch.clear();
            }
            long rest = WRITE_INTERVAL.toNanos() - (System.nanoTime() - started);
            if (open && rest > 0) {
                LockSupport.parkNanos(rest);
            }
        }
        try {
            saveTotals();
        } catch (IOException e) {
            LOG.error("could not save the metering totals under {}; the next start adds up the records again", dir, e);
        }
    }

    private void append(List<Record> batch) throws IOException {
        if (!Files.isDirectory(dir)) {
            OwnerOnly.createDirectories(dir);
        }
        LocalDate day = LocalDate.ofInstant(batch.get(0).time(), ZoneOffset.UTC);
        Path file = dir.resolve("metering-" + day + ".tsv");
        if (!withinSize(file, day)) {
            dropped.add(batch.size());
            return;
        }
        List<Record> lines = NodeFaultLines.merged(batch);
        long before = Files.exists(file) ? Files.size(file) : 0;
        try (BufferedWriter out = new BufferedWriter(Channels.newWriter(OwnerOnly.open(file,
                EnumSet.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)), StandardCharsets.UTF_8))) {
            if (before > 0 && !endsWithOwnLine(file, before)) {
                out.newLine(); // a line cut short (a full disk, a crash) stays alone, not glued to the next record
            }
            for (Record r : lines) {
                out.write(r.line(times));
                out.newLine();
            }
        }
        long after = Files.size(file);
        bytesOnDisk += after - before;
        for (Record r : lines) {
            written.add(r, !answeredByProvider(r.outcome()));
        }
        lastFile = file;
        lastSize = after;
        totalsUnsaved = true;
        if (!day.equals(cleanedOn)) {
            saveTotals();
            MeteringTotals.deleteBefore(dir, day.minusDays(retentionDays - 1L));
            cleanedOn = day;
        }
    }

    /** Saves the totals as accounting for every record written so far, when some are not yet. */
    private void saveTotals() throws IOException {
        if (totalsUnsaved) {
            written.save(lastFile, lastSize);
            totalsUnsaved = false;
        }
        totalsSavedAt = System.nanoTime();
    }

    /**
     * Whether there is room for more records: deletes the oldest daily files while all of them are
     * larger than the limit; false (logged once a day) while today's file alone is.
     */
    private boolean withinSize(Path today, LocalDate day) throws IOException {
        if (bytesOnDisk < 0 || !day.equals(cleanedOn)) {
            bytesOnDisk = MeteringTotals.bytesOfFiles(dir);
        }
        while (bytesOnDisk > maxBytes) {
            saveTotals();
            long freed = MeteringTotals.deleteOldest(dir, today);
            if (freed == 0) {
                if (!day.equals(fullOn)) {
                    LOG.warn("metering files exceed their limit of {} bytes with today's alone; records are dropped"
                            + " (counted) until tomorrow", maxBytes);
                    fullOn = day;
                }
                return false;
            }
            bytesOnDisk -= freed;
        }
        return true;
    }

    /** Whether the file ends with a whole line: surely so when this writer wrote its end, else read. */
    private boolean endsWithOwnLine(Path file, long size) throws IOException {
        return (file.equals(lastFile) && size == lastSize) || MeteringTotals.endsWithNewline(file);
    }

    /** Disk bytes of the metering files, for status. */
    public long bytesOnDisk() {
        try {
            return MeteringTotals.bytesOfFiles(dir);
        } catch (IOException e) {
            return -1;
        }
    }

    /** Whether a record's outcome is a provider's answer, a reply or its own SOAP fault: the calls a bill prices. */
    public static boolean answeredByProvider(String outcome) {
        return "served".equals(outcome) || "provider_fault".equals(outcome);
    }

    /** Writes what is queued, then stops. */
    @Override
    public void close() {
        open = false;
        try {
            writer.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
