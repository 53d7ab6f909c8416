package org.servicedomain.node.discovery;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.servicedomain.node.storage.AtomicFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What WS-Discovery keeps across restarts, in {@code discovery/sequence.properties} under the data
 * directory, written atomically: the last {@code InstanceId} the node started with, so the next start
 * takes a higher one even within the same second, and each target's last {@code MetadataVersion}, so
 * a port that leaves and returns, or a restarted node, never announces a lower one. Without a data
 * directory ({@link #inMemory()}) both are kept for the life of the process only.
 */
public final class DiscoveryState {

    private static final Logger LOG = LoggerFactory.getLogger(DiscoveryState.class);
    static final String FILE = "discovery/sequence.properties";
    private static final String INSTANCE = "instance-id";
    private static final String VERSION = "metadata-version.";

    private final Path file;
    private final Map<String, Long> versions = new HashMap<>();
    private long lastInstanceId;

    private DiscoveryState(Path file) {
        this.file = file;
    }

    /** The state saved under {@code dataDir}; a missing file is a first start, an unreadable one is logged and ignored. */
    public static DiscoveryState open(Path dataDir) {
        DiscoveryState state = new DiscoveryState(dataDir.resolve(FILE));
        try {
            Properties saved = new Properties();
            saved.load(new StringReader(Files.readString(state.file, StandardCharsets.UTF_8)));
            for (String key : saved.stringPropertyNames()) {
                long value = Long.parseLong(saved.getProperty(key).trim());
                if (key.equals(INSTANCE)) {
                    state.lastInstanceId = value;
                } else if (key.startsWith(VERSION)) {
                    state.versions.put(key.substring(VERSION.length()), value);
                }
            }
        } catch (NoSuchFileException e) {
            LOG.debug("no saved discovery sequence in {}; a first start", state.file);
        } catch (IOException | RuntimeException e) {
            LOG.warn("ignored the saved discovery sequence in {}, which cannot be read ({}); InstanceId and"
                    + " MetadataVersion fall back to the clock", state.file, e.toString());
        }
        return state;
    }

    /** State that lives only as long as the process. */
    public static DiscoveryState inMemory() {
        return new DiscoveryState(null);
    }

    /**
     * The InstanceId of this start: the clock's seconds, or one more than the last start's when that
     * is not lower, saved before it is used.
     */
    synchronized long nextInstanceId(long epochSecond) {
        lastInstanceId = Math.max(epochSecond, lastInstanceId + 1);
        save();
        return lastInstanceId;
    }

    /** The last MetadataVersion announced for the target {@code address}, or 0. */
    synchronized long lastVersion(String address) {
        return versions.getOrDefault(address, 0L);
    }

    /** Records the versions announced now, for the targets of {@code announced} (address to version). */
    synchronized void recordVersions(Map<String, Long> announced) {
        boolean changed = false;
        for (Map.Entry<String, Long> e : announced.entrySet()) {
            Long before = versions.get(e.getKey());
            if (before == null || before < e.getValue()) {
                versions.put(e.getKey(), e.getValue());
                changed = true;
            }
        }
        if (changed) {
            save();
        }
    }

    private void save() {
        if (file == null) {
            return;
        }
        Properties out = new Properties();
        out.setProperty(INSTANCE, Long.toString(lastInstanceId));
        versions.forEach((address, version) -> out.setProperty(VERSION + address, Long.toString(version)));
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            out.store(bytes, "WS-Discovery: last InstanceId and each target's last MetadataVersion");
            AtomicFiles.write(file, bytes.toByteArray());
        } catch (IOException e) {
            LOG.warn("could not save the discovery sequence to {} ({}); a restart may reuse versions until the clock"
                    + " passes them", file, e.toString());
        }
    }
}
