package org.servicedomain.node.policy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/**
 * Who may call what, from the policy's packages. A virtual port some package grants is governed:
 * only users whose level holds a grant for the operation may call it, unless the port allows
 * anonymous calls, which opens it to everyone. A port no package grants is open, unless it
 * refuses anonymous calls.
 */
public final class AccessRules {

    /** A package's grant of a port to some user levels; no operations means all of them. */
    public record Grant(String virtualPort, Set<String> userLevels, Set<String> operations) {
        public Grant {
            userLevels = Set.copyOf(userLevels);
            operations = Set.copyOf(operations);
        }
    }

    public static final AccessRules OPEN = new AccessRules(List.of());

    private final Map<String, List<Grant>> grantsByPort;

    public AccessRules(List<Grant> grants) {
        Map<String, List<Grant>> byPort = new HashMap<>();
        for (Grant g : grants) {
            byPort.computeIfAbsent(g.virtualPort(), k -> new ArrayList<>()).add(g);
        }
        byPort.replaceAll((k, v) -> List.copyOf(v));
        this.grantsByPort = Map.copyOf(byPort);
    }

    /** The user levels some grant names. */
    public Set<String> grantedUserLevels() {
        Set<String> levels = new java.util.TreeSet<>();
        grantsByPort.values().forEach(grants -> grants.forEach(g -> levels.addAll(g.userLevels())));
        return levels;
    }

    /** Whether the port refuses callers without a session (so its WSDL declares the session header). */
    public boolean needsSession(String virtualPort, Boolean portAllowsAnonymous) {
        return grantsByPort.containsKey(virtualPort) ? !Boolean.TRUE.equals(portAllowsAnonymous)
                : Boolean.FALSE.equals(portAllowsAnonymous);
    }

    /** Refuses with {@code NotAuthorized} unless {@code caller} may call {@code operation} on the port. */
    public void check(String virtualPort, String operation, Caller caller, Boolean portAllowsAnonymous) {
        List<Grant> grants = grantsByPort.get(virtualPort);
        if (caller.isAnonymous()) {
            if (needsSession(virtualPort, portAllowsAnonymous)) {
                throw new NodeFault(FaultCode.NotAuthorized, "virtual port " + virtualPort
                        + " needs a session: log in through the home port and send the sd:session header");
            }
            return;
        }
        if (grants == null || Boolean.TRUE.equals(portAllowsAnonymous)) {
            return;
        }
        for (Grant g : grants) {
            if (g.userLevels().contains(caller.userLevel())
                    && (g.operations().isEmpty() || g.operations().contains(operation))) {
                return;
            }
        }
        throw new NodeFault(FaultCode.NotAuthorized, "user " + caller.user() + " (level " + caller.userLevel()
                + ") may not call " + operation + " on virtual port " + virtualPort);
    }
}
