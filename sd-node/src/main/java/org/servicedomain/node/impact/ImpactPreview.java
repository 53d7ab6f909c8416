package org.servicedomain.node.impact;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.engine.monitor.Metering;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.Decision;

/**
 * Compares a candidate policy with the active one on what the node has really seen: replays each
 * metering record through the candidate's access rules and decision against today's catalog,
 * checks every user level on every port, and looks for instances no decision admits. Reads only
 * immutable snapshots; nothing is activated or saved.
 */
public final class ImpactPreview {

    /** How the metering names a caller without a session. */
    static final String ANONYMOUS_USER = "(anonymous)";

    private final CompiledPolicy active;
    private final CompiledPolicy candidate;
    private final CatalogSnapshot catalog;

    public ImpactPreview(CompiledPolicy active, CompiledPolicy candidate, CatalogSnapshot catalog) {
        this.active = active;
        this.candidate = candidate;
        this.catalog = catalog;
    }

    /**
     * The impact of the candidate on {@code traffic}, and for every level of {@code knownUserLevels}
     * (the user directory's) together with the levels the traffic and both policies name; time windows
     * of the unserved-level check are read at {@code now}.
     */
    public PolicyImpact of(Stream<Metering.Record> traffic, Collection<String> knownUserLevels, Instant now) {
        Set<String> levels = new TreeSet<>(knownUserLevels);
        levels.addAll(candidate.mappedUserLevels());
        levels.addAll(candidate.access().grantedUserLevels());
        levels.addAll(active.mappedUserLevels());
        Map<Group, Long> counts = new LinkedHashMap<>();
        long replayed = 0;
        for (Iterator<Metering.Record> records = traffic.iterator(); records.hasNext();) {
            Metering.Record r = records.next();
            replayed += r.calls();
            if (r.userLevel() != null) {
                levels.add(r.userLevel());
            }
            replay(r, counts);
        }
        List<PolicyImpact.Refusal> refusals = new ArrayList<>();
        counts.forEach((g, n) -> refusals.add(new PolicyImpact.Refusal(g.user(), g.userLevel(), g.virtualPort(),
                g.operation(), g.code(), g.reason(), n, g.refusedNow())));
        return new PolicyImpact(replayed, refusals, unservedLevels(levels, now), unreachableInstances(levels));
    }

    private record Group(String user, String userLevel, String virtualPort, String operation, String code, String reason,
            boolean refusedNow) {
    }

    private void replay(Metering.Record r, Map<Group, Long> counts) {
        boolean anonymous = ANONYMOUS_USER.equals(r.user());
        ReplayedRequest request = new ReplayedRequest(anonymous ? null : r.user(), anonymous ? null : r.userLevel(),
                r.virtualPort(), r.operation(), r.time());
        request.refusalUnder(candidate, catalog).ifPresent(refused -> counts.merge(new Group(r.user(),
                request.userLevel(), r.virtualPort(), r.operation(), refused.code(), refused.reason(),
                request.refusalUnder(active, catalog).isPresent()), r.calls(), Long::sum));
    }

    /** Each level (and anonymous callers) admitted on a port where some operation finds no eligible instance. */
    private List<PolicyImpact.UnservedLevel> unservedLevels(Set<String> levels, Instant now) {
        List<PolicyImpact.UnservedLevel> unserved = new ArrayList<>();
        for (VirtualPort port : catalog.ports()) {
            if (catalog.operationalInstancesOf(port.name()).isEmpty()) {
                continue; // nothing to serve with under any policy; not the candidate's doing
            }
            List<String> callers = new ArrayList<>(levels);
            callers.add(null);
            for (String level : callers) {
                List<String> operations = new ArrayList<>();
                String reason = null;
                for (String operation : new TreeSet<>(port.operationsByElement().values())) {
                    ReplayedRequest probe = new ReplayedRequest(level == null ? null : "(level " + level + ")", level,
                            port.name(), operation, now);
                    if (!admitted(port.name(), operation, level)) {
                        continue;
                    }
                    Optional<ReplayedRequest.Refused> refused = probe.refusalUnder(candidate, catalog);
                    if (refused.isPresent() && FaultCode.NoInstanceAvailable.name().equals(refused.get().code())) {
                        operations.add(operation);
                        reason = refused.get().reason();
                    }
                }
                if (!operations.isEmpty()) {
                    unserved.add(new PolicyImpact.UnservedLevel(port.name(), level, operations, reason));
                }
            }
        }
        return unserved;
    }

    private boolean admitted(String port, String operation, String level) {
        Caller caller = level == null ? Caller.ANONYMOUS : new Caller("preview", "(level " + level + ")", level, List.of());
        try {
            candidate.access().check(port, operation, caller, candidate.forPort(port).anonymous());
            return true;
        } catch (NodeFault refused) {
            return false; // the caller may not call it at all: an access matter, not a port without instances
        }
    }

    private List<PolicyImpact.UnreachableInstance> unreachableInstances(Set<String> levels) {
        List<PolicyImpact.UnreachableInstance> unreachable = new ArrayList<>();
        for (Instance instance : catalog.instances()) {
            Optional<VirtualPort> port = catalog.port(instance.virtualPort());
            if (port.isPresent() && !reachable(instance, port.get(), levels)) {
                unreachable.add(new PolicyImpact.UnreachableInstance(instance.id(), instance.virtualPort(),
                        instance.supplierLevels()));
            }
        }
        return unreachable;
    }

    private boolean reachable(Instance instance, VirtualPort port, Set<String> levels) {
        List<String> callers = new ArrayList<>(levels);
        callers.add(null);
        for (String level : callers) {
            for (String operation : port.operationsByElement().values()) {
                if (!admitted(port.name(), operation, level)) {
                    continue;
                }
                for (Decision d : candidate.forPort(port.name()).possibleDecisions(operation, level,
                        candidate.supplierLevelsFor(level))) {
                    if (d.admits(instance)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
