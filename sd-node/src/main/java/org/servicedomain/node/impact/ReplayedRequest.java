package org.servicedomain.node.impact;

import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.Decision;

/**
 * One metered request as the admission and decision stages would see it again: its caller, port,
 * operation and time, without its message (content rules find no value, as for a message that lacks it).
 *
 * @param userLevel null for an anonymous caller
 */
record ReplayedRequest(String user, String userLevel, String virtualPort, String operation, Instant time) {

    /** What refused a request: a fault code and the reason, as the node would say it. */
    record Refused(String code, String reason) {
    }

    /** How {@code policy} would refuse this request with {@code catalog} as it stands, if it would. */
    Optional<Refused> refusalUnder(CompiledPolicy policy, CatalogSnapshot catalog) {
        Optional<VirtualPort> port = catalog.port(virtualPort);
        if (port.isEmpty()) {
            return Optional.empty();
        }
        Caller caller = userLevel == null && user == null ? Caller.ANONYMOUS : new Caller("replay", user, userLevel, List.of());
        try {
            policy.access().check(virtualPort, operation, caller, policy.forPort(virtualPort).anonymous());
        } catch (NodeFault fault) {
            return Optional.of(new Refused(fault.code().name(), fault.getMessage()));
        }
        RequestContext request = new RequestContext(port.get(), operation, caller, Map.of(), null, null, new byte[0]);
        ZonedDateTime then = ZonedDateTime.ofInstant(time, policy.timeZone());
        Decision decision = policy.forPort(virtualPort).decide(request, then, policy.supplierLevelsFor(userLevel));
        if (!catalog.operationalInstancesOf(virtualPort, decision.supplierLevels()).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Refused(FaultCode.NoInstanceAvailable.name(), noInstanceReason(decision, catalog)));
    }

    private String noInstanceReason(Decision decision, CatalogSnapshot catalog) {
        int operational = catalog.operationalInstancesOf(virtualPort).size();
        if (operational == 0) {
            return "virtual port " + virtualPort + " has no operational instance";
        }
        Set<String> levels = decision.supplierLevels();
        String levelsText = levels.isEmpty() ? "no supplier level" : "supplier levels " + levels.stream().sorted()
                .collect(Collectors.joining(", "));
        String by = decision.rule() != null ? "rule " + decision.rule()
                : "the service map of user level " + userLevel + " with the port's directive " + decision.directive();
        return "none of the " + operational + " operational instances is in " + levelsText + " (" + by + ")";
    }
}
