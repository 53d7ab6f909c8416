package org.servicedomain.node.engine.monitor;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Map;
import org.servicedomain.node.storage.StatusStore;

/**
 * The monitor's recent response times as a status file, {@value #FILE}: what {@code fastest}
 * reads, kept across restarts so that the node does not re-measure every instance after one.
 */
public final class SavedLatencies implements StatusStore.Part {

    public static final String FILE = "instance-latency.json";

    private final InstanceMonitor monitor;
    private final int maxInstances;
    private final ObjectMapper json = new ObjectMapper();

    /** Saves {@code monitor}'s figures and restores at most {@code maxInstances} of them. */
    public SavedLatencies(InstanceMonitor monitor, int maxInstances) {
        this.monitor = monitor;
        this.maxInstances = maxInstances;
    }

    @Override
    public String fileName() {
        return FILE;
    }

    @Override
    public byte[] snapshot() throws IOException {
        return json.writeValueAsBytes(monitor.recentLatencies());
    }

    @Override
    public void restore(byte[] saved) throws IOException {
        Map<String, Double> latencies = json.readValue(saved, new TypeReference<Map<String, Double>>() { });
        if (latencies.size() > maxInstances) {
            throw new IOException("holds " + latencies.size() + " instances, more than the node keeps (" + maxInstances + ")");
        }
        monitor.restoreRecentLatencies(latencies);
    }
}
