package org.servicedomain.node.impact;

import java.util.List;
import java.util.Set;

/**
 * What a candidate policy would change, found by replaying the node's recent traffic and its
 * catalog against it: the replayed requests it would refuse, the user levels a port could no longer
 * serve, and the instances it would never select.
 *
 * @param replayed how many metering records were replayed
 */
public record PolicyImpact(long replayed, List<Refusal> refusals, List<UnservedLevel> unservedLevels,
        List<UnreachableInstance> unreachableInstances) {

    public PolicyImpact {
        refusals = List.copyOf(refusals);
        unservedLevels = List.copyOf(unservedLevels);
        unreachableInstances = List.copyOf(unreachableInstances);
    }

    /**
     * Replayed requests of one caller on one port and operation that the candidate refuses.
     *
     * @param userLevel null for anonymous callers
     * @param refusedNow whether the active policy refuses them too
     */
    public record Refusal(String user, String userLevel, String virtualPort, String operation, String code,
            String reason, long requests, boolean refusedNow) {
    }

    /** A user level (null: anonymous) allowed on a port whose operations would find no eligible operational instance. */
    public record UnservedLevel(String virtualPort, String userLevel, List<String> operations, String reason) {
        public UnservedLevel {
            operations = List.copyOf(operations);
        }
    }

    /** An instance no decision of the candidate admits, for any caller and operation. */
    public record UnreachableInstance(String instanceId, String virtualPort, Set<String> supplierLevels) {
        public UnreachableInstance {
            supplierLevels = Set.copyOf(supplierLevels);
        }
    }

    /** Whether the candidate would refuse any replayed request that the active policy serves. */
    public boolean refusesNewly() {
        return refusals.stream().anyMatch(r -> !r.refusedNow());
    }
}
