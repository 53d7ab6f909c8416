package org.servicedomain.node.entry.home;

import java.util.Map;
import java.util.function.UnaryOperator;
import org.servicedomain.home.v1.Attribute;
import org.servicedomain.home.v1.FaultCount;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.UsageInfo;
import org.servicedomain.home.v1.VirtualPortInfo;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceName;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.engine.health.InstanceHealth;
import org.servicedomain.node.engine.monitor.InstanceMonitor;
import org.servicedomain.node.engine.monitor.Metering;
import org.servicedomain.node.engine.monitor.RequestOutcomes;
import org.servicedomain.node.engine.monitor.TrafficStatistics;

/** How the home port shows catalog entries and their monitor figures to administrators. */
final class ServiceInfoView {

    private ServiceInfoView() {
    }

    /** @param addressOf where clients call a virtual port, by its name */
    static VirtualPortInfo of(VirtualPort port, CatalogSnapshot snapshot, UnaryOperator<String> addressOf) {
        VirtualPortInfo info = new VirtualPortInfo();
        info.setName(port.name());
        info.setPortType(port.portType());
        info.setSoapVersion(port.soapVersion().label());
        String address = addressOf.apply(port.name());
        info.setAddress(address);
        info.setWsdlAddress(address + "?wsdl");
        info.setInstanceCount(snapshot.instancesOf(port.name()).size());
        OperationsView.addTo(info, port);
        return info;
    }

    /** The instance as administrators see it: an operational instance health has ejected shows as down. */
    static InstanceInfo of(Instance instance, InstanceMonitor monitor, InstanceHealth health) {
        InstanceInfo info = new InstanceInfo();
        info.setInstanceId(instance.id());
        info.setVirtualPort(instance.virtualPort());
        info.setEndpointAddress(instance.endpointAddress());
        info.setPortType(instance.portType());
        info.setWsdlLocation(instance.wsdlLocation());
        info.getSupplierLevel().addAll(instance.sortedSupplierLevels());
        info.setTimeoutMs(instance.timeoutMs());
        for (Map.Entry<String, String> e : instance.sortedAttributes().entrySet()) {
            info.getAttribute().add(attribute(e.getKey(), e.getValue()));
        }
        boolean ejected = instance.isOperational() && health.isEjected(instance.id());
        info.setState(ejected ? InstanceState.DOWN : InstanceState.fromValue(instance.state().wireName()));
        InstanceMonitor.InstanceStats stats = monitor.statsOf(instance.id());
        info.setRequests(stats.requests());
        info.setFailures(stats.failures());
        info.setMeanLatencyMs(stats.meanLatencyMs());
        info.setStateData(instance.stateData());
        info.setName(InstanceName.of(instance));
        return info;
    }

    /** As {@link #of(Instance, InstanceMonitor, InstanceHealth)}, with the monitor's window and total statistics. */
    static InstanceInfo of(Instance instance, InstanceMonitor monitor, InstanceHealth health, TrafficStatistics statistics) {
        InstanceInfo info = of(instance, monitor, health);
        TrafficStatistics.Figures figures = statistics.ofInstance(instance.id());
        info.setInFlight(monitor.outstanding(instance.id()));
        info.setWindow(StatisticsView.of(figures.window()));
        info.setTotal(StatisticsView.of(figures.total()));
        return info;
    }

    /**
     * The instance with the node's figures about it (as {@link #of(Instance, InstanceMonitor,
     * InstanceHealth, TrafficStatistics)}), its capacity, and the operations of its port (in
     * {@code snapshot}) it implements.
     */
    static InstanceInfo of(Instance instance, CatalogSnapshot snapshot, InstanceFigures figures) {
        InstanceInfo info = of(instance, figures.monitor(), figures.health(), figures.statistics());
        FlowInfoView.addCapacity(info, instance, figures.flows());
        snapshot.port(instance.virtualPort()).ifPresent(port -> OperationsView.addTo(info, instance, port));
        return info;
    }

    /** As {@link #of(VirtualPort, CatalogSnapshot, String)}, with the monitor's window and total statistics. */
    static VirtualPortInfo of(VirtualPort port, CatalogSnapshot snapshot, UnaryOperator<String> addressOf,
            TrafficStatistics statistics) {
        VirtualPortInfo info = of(port, snapshot, addressOf);
        TrafficStatistics.Figures figures = statistics.ofPort(port.name());
        info.setInFlight(figures.inFlight());
        info.setWindow(StatisticsView.of(figures.window()));
        info.setTotal(StatisticsView.of(figures.total()));
        return info;
    }

    /** Adds to {@code info} the node's own faults on the port by code and the providers' faults, since the node started. */
    static VirtualPortInfo withOutcomes(VirtualPortInfo info, RequestOutcomes outcomes) {
        outcomes.faultsOf(info.getName()).forEach((code, requests) -> {
            FaultCount count = new FaultCount();
            count.setCode(code.name());
            count.setRequests(requests);
            info.getFault().add(count);
        });
        info.setProviderFaults(outcomes.providerFaultsOf(info.getName()));
        return info;
    }

    static UsageInfo of(Metering.Usage usage) {
        UsageInfo info = new UsageInfo();
        info.setUser(usage.user());
        info.setVirtualPort(usage.virtualPort());
        info.setRequests(usage.requests());
        info.setFailures(usage.failures());
        info.setRequestBytes(usage.requestBytes());
        info.setReplyBytes(usage.replyBytes());
        return info;
    }

    static Attribute attribute(String name, String value) {
        Attribute a = new Attribute();
        a.setName(name);
        a.setValue(value);
        return a;
    }
}
