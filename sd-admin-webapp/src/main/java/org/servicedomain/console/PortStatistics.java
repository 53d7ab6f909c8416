package org.servicedomain.console;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.servicedomain.client.InstanceNames;
import org.servicedomain.client.InstanceOperations;
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
    public record InstanceRow(String instanceId, String name, String endpointAddress, String state, String supplierLevel,
            String owner, long requests, long failures, double meanLatencyMs, Double p95LatencyMs, String capacity,
            String operations) {

        public String getInstanceId() { return instanceId; }
        public String getName() { return name; }
        public String getEndpointAddress() { return endpointAddress; }
        public String getState() { return state; }
        public String getSupplierLevel() { return supplierLevel; }
        public String getOwner() { return owner; }
        public long getRequests() { return requests; }
        public long getFailures() { return failures; }
        public String getMeanLatency() { return String.format("%.1f", meanLatencyMs); }
        public String getP95Latency() { return p95LatencyMs == null ? "\u2014" : String.format("%.1f", p95LatencyMs); }
        /** Requests per second it can serve, "≈" when the node estimated it; a dash when unknown. */
        public String getCapacity() { return capacity; }
        /** The port's operations the instance implements, separated by ", ", or "all". */
        public String getOperations() { return operations; }
        /** Whether the instance implements every operation of its port. */
        public boolean isAllOperations() { return InstanceOperations.ALL.equals(operations); }
        /** The endpoint's host:port, shown as secondary detail under the name. */
        public String getHostPort() { return InstanceNames.hostPort(endpointAddress); }
        /** Whether the name is the address itself (the instance has no name), so the address need not be repeated under it. */
        public boolean isNamedByAddress() { return name.startsWith(getHostPort()); }
    }

    /** Requests on a port that ended in a fault of {@code code}: the node's own code, or {@value #PROVIDER_FAULT}. */
    public record FaultRow(String code, long requests) {

        public String getCode() { return code; }
        public long getRequests() { return requests; }
    }

    /** The code the dashboard shows for the replies that were a provider's own fault. */
    public static final String PROVIDER_FAULT = "ProviderFault";

    /**
     * One virtual port with its instances and totals; {@code faults} are the requests that ended in
     * a fault since the node started, by code, most frequent first, none when nothing failed.
     */
    public record PortRow(String name, String address, String wsdlAddress, List<InstanceRow> instances, List<FaultRow> faults,
            List<FlowRow> flows) {

        public String getName() { return name; }
        public List<FaultRow> getFaults() { return faults; }
        /** The port's priority-class flows; empty when the policy sets no classes. */
        public List<FlowRow> getFlows() { return flows; }
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
            rows.add(new PortRow(port.getName(), port.getAddress(), port.getWsdlAddress(), List.copyOf(byPort.get(port.getName())),
                    faults(port), FlowRow.of(info, port.getName())));
        }
        return rows;
    }

    static List<FaultRow> faults(VirtualPortInfo port) {
        List<FaultRow> faults = new ArrayList<>();
        port.getFault().forEach(f -> faults.add(new FaultRow(f.getCode(), f.getRequests())));
        if (port.getProviderFaults() != null && port.getProviderFaults() > 0) {
            faults.add(new FaultRow(PROVIDER_FAULT, port.getProviderFaults()));
        }
        faults.sort(java.util.Comparator.comparingLong(FaultRow::requests).reversed().thenComparing(FaultRow::code));
        return List.copyOf(faults);
    }

    static InstanceRow row(InstanceInfo i) {
        return new InstanceRow(i.getInstanceId(), InstanceNames.of(i), i.getEndpointAddress(), i.getState().value(), String.join(" ", i.getSupplierLevel()),
                owner(i), i.getRequests(), i.getFailures(), i.getMeanLatencyMs(), p95(i.getTotal()), capacity(i),
                InstanceOperations.shown(i, ", "));
    }

    private static String capacity(InstanceInfo i) {
        if (i.getCapacityTps() == null) {
            return "\u2014";
        }
        return (Boolean.TRUE.equals(i.isCapacityEstimated()) ? "\u2248 " : "") + FlowRow.rate(i.getCapacityTps());
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
