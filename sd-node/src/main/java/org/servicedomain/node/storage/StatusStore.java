package org.servicedomain.node.storage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.servicedomain.node.core.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The status selection learns while the node runs (response times, users' fixed choices, the open
 * sessions and their transaction history), kept in
 * {@code status/} under the data directory so that a restart does not reset it: restored once at
 * start, saved at an interval and on close, each part in its own file written atomically. A part
 * whose file is unreadable or corrupt is logged and starts empty; it never stops the node starting.
 */
public final class StatusStore implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StatusStore.class);

    /** The directory under the data directory that holds the status files. */
    public static final String DIRECTORY = "status";
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(30);

    /** One piece of status: a snapshot to save and a restore from what was saved. */
    public interface Part {

        /** The file name under {@code status/}, e.g. {@code fixed-choices.json}. */
        String fileName();

        /** The part's state now, as bytes to save; taken without stopping requests. */
        byte[] snapshot() throws IOException;

        /**
         * Takes back {@code saved}, a former snapshot. Throws, leaving the part as it was, when
         * {@code saved} cannot be read.
         */
        void restore(byte[] saved) throws IOException;
    }

    private final Path dir;
    private final List<Part> parts;
    private final Map<String, byte[]> lastSaved = new HashMap<>();
    private final Object saving = new Object();
    private ScheduledExecutorService schedule;

    public StatusStore(Path dataDir, List<Part> parts) {
        this.dir = dataDir.resolve(DIRECTORY);
        this.parts = List.copyOf(parts);
    }

    /** Restores every part from its file; a missing file leaves the part empty, an unreadable one too (logged). */
    public void restore() {
        for (Part part : parts) {
            Path file = dir.resolve(part.fileName());
            try {
                byte[] saved = Files.readAllBytes(file);
                part.restore(saved);
                synchronized (saving) {
                    lastSaved.put(part.fileName(), saved);
                }
                LOG.info("restored status from {}", file);
            } catch (NoSuchFileException e) {
                LOG.debug("no saved status in {}; starting empty", file);
            } catch (IOException | RuntimeException e) {
                LOG.warn("ignored the saved status in {}, which cannot be read ({}); that status starts empty and"
                        + " the file is replaced at the next save", file, e.toString());
            }
        }
    }

    /** Saves every part at {@code interval} from now on, until {@link #close()}. */
    public void start(Duration interval) {
        if (interval.toMillis() <= 0) {
            throw new IllegalArgumentException("the status save interval must be positive but was " + interval);
        }
        schedule = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("sd-status-save"));
        long ms = interval.toMillis();
        schedule.scheduleWithFixedDelay(this::save, ms, ms, TimeUnit.MILLISECONDS);
    }

    /** Writes each part whose snapshot changed since it was last saved; a part that fails is logged and retried next time. */
    public void save() {
        for (Part part : parts) {
            save(part);
        }
    }

    /**
     * Writes {@code part} now if its snapshot changed since it was last saved, e.g. sessions just
     * revoked, which a node killed before the next interval must not reopen.
     */
    public void save(Part part) {
        Path file = dir.resolve(part.fileName());
        synchronized (saving) {
            try {
                byte[] snapshot = part.snapshot();
                if (!Arrays.equals(snapshot, lastSaved.get(part.fileName()))) {
                    AtomicFiles.write(file, snapshot);
                    lastSaved.put(part.fileName(), snapshot);
                }
            } catch (IOException | RuntimeException e) {
                LOG.error("could not save status to {}; it is tried again at the next save", file, e);
            }
        }
    }

    /** Stops the interval saves and saves once more. */
    @Override
    public void close() {
        if (schedule != null) {
            schedule.shutdown();
            try {
                if (!schedule.awaitTermination(5, TimeUnit.SECONDS)) {
                    LOG.warn("the interval status save did not stop within 5 s; saving anyway");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        save();
    }
}
