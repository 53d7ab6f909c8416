package org.servicedomain.node.entry.home;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.servicedomain.home.v1.FlowInfo;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.engine.admission.InstanceCapacity;
import org.servicedomain.node.qos.AllocationRound;
import org.servicedomain.node.qos.FlowScheduler;
import org.servicedomain.node.qos.FlowStatus;
import org.servicedomain.node.qos.PriorityFlows;

/** How the home port shows the priority classes' flows and the instances' capacities. */
final class FlowInfoView {

    private FlowInfoView() {
    }

    /** Every flow that has had traffic (of {@code portName} only, when not null), with its last allocation. */
    static List<FlowInfo> of(PriorityFlows flows, String portName) {
        AllocationRound round = flows.lastRound();
        List<FlowInfo> infos = new ArrayList<>();
        for (FlowScheduler port : flows.ports()) {
            if (portName != null && !portName.equals(port.virtualPort())) {
                continue;
            }
            for (FlowStatus status : port.status()) {
                AllocationRound.FlowAllocation allocation = round.flows().stream()
                        .filter(f -> f.virtualPort().equals(port.virtualPort()) && f.priorityClass() == status.priorityClass())
                        .findFirst().orElse(null);
                if (allocation != null || status.admitted() + status.dropped() + status.timedOut() + status.queued() > 0) {
                    infos.add(of(port.virtualPort(), status, allocation));
                }
            }
        }
        return infos;
    }

    private static FlowInfo of(String virtualPort, FlowStatus status, AllocationRound.FlowAllocation allocation) {
        FlowInfo info = new FlowInfo();
        info.setVirtualPort(virtualPort);
        info.setPriorityClass(status.priorityClass().name().toLowerCase(Locale.ROOT));
        info.setDemandTps(allocation == null ? 0 : allocation.demandTps());
        info.setAllocationTps(allocation == null ? 0 : allocation.allocationTps());
        info.setBoundBy(allocation == null ? "demand" : allocation.boundBy());
        info.setRateTps(Double.isInfinite(status.rateTps()) ? null : status.rateTps());
        info.setQueued(status.queued());
        info.setAdmitted(status.admitted());
        info.setDropped(status.dropped());
        info.setTimedOut(status.timedOut());
        return info;
    }

    /** Adds the instance's capacity: set in its attribute, or as the allocator last estimated it. */
    static void addCapacity(InstanceInfo info, Instance instance, PriorityFlows flows) {
        Double set = InstanceCapacity.set(instance.attributes());
        if (set != null) {
            info.setCapacityTps(set);
            info.setCapacityEstimated(false);
            return;
        }
        Double estimate = flows.lastRound().estimatedInstanceTps().get(instance.id());
        if (estimate != null) {
            info.setCapacityTps(estimate);
            info.setCapacityEstimated(true);
        }
    }
}
