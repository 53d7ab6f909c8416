package org.servicedomain.console;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.Statistics;
import org.servicedomain.home.v1.VirtualPortInfo;

/**
 * The dashboard's data mapping, in one place: what the node's {@code getServiceInfo} answers,
 * turned into rows per virtual port. {@code p95LatencyMs} is the node's figure since it started,
 * null (a dash in the view) while the instance has answered nothing.
 */
public final class PortStatistics {

    /** One instance's row on the dashboard. */
    public record InstanceRow(String instanceId, String endpointAddress, String state, String supplierLevel, String owner,
            long requests, long failures, double meanLatencyMs, Double p95LatencyMs) {

        public String getInstanceId() { return instanceId; }
        public String getEndpointAddress() { return endpointAddress; }
        public String getState() { return state; }
        public String getSupplierLevel() { return supplierLevel; }
        public String getOwner() { return owner; }
        public long getRequests() { return requests; }
        public long getFailures() { return failures; }
        public String getMeanLatency() { return String.format("%.1f", meanLatencyMs); }
        public String getP95Latency() { return p95LatencyMs == null ? "\u2014" : String.format("%.1f", p95LatencyMs); }
    }

    /** One virtual port with its instances and totals. */
    public record PortRow(String name, String address, String wsdlAddress, List<InstanceRow> instances) {

        public String getName() { return name; }
        public String getAddress() { return address; }
        public String getWsdlAddress() { return wsdlAddress; }
        public List<InstanceRow> getInstances() { return instances; }

        public long totalRequests() {
            return instances.stream().mapToLong(InstanceRow::requests).sum();
        }

        /** The sum of every instance's latency, so that an interval's mean is a difference of two samples. */
        public double totalLatencyMs() {
            return instances.stream().mapToDouble(i -> i.meanLatencyMs() * i.requests()).sum();
        }
    }

    private PortStatistics() {
    }

    /** The ports in the node's order, each with its instances. */
    public static List<PortRow> of(GetServiceInfoResponse info) {
        Map<String, List<InstanceRow>> byPort = new LinkedHashMap<>();
        for (VirtualPortInfo port : info.getVirtualPort()) {
            byPort.put(port.getName(), new ArrayList<>());
        }
        for (InstanceInfo instance : info.getInstance()) {
            byPort.computeIfAbsent(instance.getVirtualPort(), p -> new ArrayList<>()).add(row(instance));
        }
        List<PortRow> rows = new ArrayList<>();
        for (VirtualPortInfo port : info.getVirtualPort()) {
            rows.add(new PortRow(port.getName(), port.getAddress(), port.getWsdlAddress(), List.copyOf(byPort.get(port.getName()))));
        }
        return rows;
    }

    static InstanceRow row(InstanceInfo i) {
        return new InstanceRow(i.getInstanceId(), i.getEndpointAddress(), i.getState().value(), String.join(" ", i.getSupplierLevel()),
                owner(i), i.getRequests(), i.getFailures(), i.getMeanLatencyMs(), p95(i.getTotal()));
    }

    private static Double p95(Statistics total) {
        return total == null || total.getRequests() == 0 ? null : total.getP95Ms();
    }

    /** The user who registered the instance (the node's {@code sd.owner} attribute), or null. */
    static String owner(InstanceInfo instance) {
        return instance.getAttribute().stream().filter(a -> "sd.owner".equals(a.getName()))
                .map(a -> a.getValue()).findFirst().orElse(null);
    }
}
