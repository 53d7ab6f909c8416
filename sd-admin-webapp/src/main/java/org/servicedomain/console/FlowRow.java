package org.servicedomain.console;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.servicedomain.home.v1.FlowInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;

/**
 * One flow of the priority classes on the dashboard: a class on a virtual port, with its demand and
 * allocation from the node's last allocation round and its queue now.
 */
public record FlowRow(String priorityClass, double demandTps, double allocationTps, String boundBy, int queued,
        long dropped, long timedOut) {

    public String getPriorityClass() { return priorityClass; }
    public String getDemand() { return rate(demandTps); }
    public String getAllocation() { return rate(allocationTps); }
    public String getBoundBy() { return boundBy; }
    public int getQueued() { return queued; }
    public long getDropped() { return dropped; }
    public long getTimedOut() { return timedOut; }

    /** The flows of {@code port} in the node's answer, high class first. */
    static List<FlowRow> of(GetServiceInfoResponse info, String port) {
        List<FlowRow> rows = new ArrayList<>();
        for (FlowInfo f : info.getFlow()) {
            if (f.getVirtualPort().equals(port)) {
                rows.add(new FlowRow(f.getPriorityClass(), f.getDemandTps(), f.getAllocationTps(), f.getBoundBy(),
                        f.getQueued(), f.getDropped(), f.getTimedOut()));
            }
        }
        rows.sort(java.util.Comparator.comparingInt(r -> List.of("high", "middle", "low").indexOf(r.priorityClass())));
        return List.copyOf(rows);
    }

    static String rate(double tps) {
        return String.format(Locale.ROOT, "%.1f/s", tps);
    }
}
