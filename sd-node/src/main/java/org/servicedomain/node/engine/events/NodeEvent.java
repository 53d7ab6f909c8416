package org.servicedomain.node.engine.events;

import java.time.Instant;
import java.util.Objects;

/**
 * Something an operator or a problem-determination component should hear about, as it happens.
 *
 * @param virtualPort the port concerned, or null
 * @param instanceId the instance concerned, or null
 * @param detail a sentence for people
 */
public record NodeEvent(Type type, Instant time, String virtualPort, String instanceId, String detail) {

    /** The kinds of event a node emits. */
    public enum Type {
        /** Health ejected an instance after failures in a row. */
        INSTANCE_EJECTED,
        /** An ejected instance passed its probe and takes requests again. */
        INSTANCE_BACK,
        /** A virtual port has no operational instance left: the service feature is unavailable. */
        SERVICE_FEATURE_UNAVAILABLE,
        /** A virtual port that had none serves again. */
        SERVICE_FEATURE_AVAILABLE,
        /** An administrator removed a virtual port and every instance behind it ({@code removeVirtualPort}). */
        VIRTUAL_PORT_REMOVED,
        /** A new policy version became active. */
        POLICY_ACTIVATED,
        /** Every attempt of a request failed and the node ran the policy's back-out action. */
        RECOVERY_ACTION_RUN,
        /** The node's load passed the policy's threshold and it forwards new requests to a peer. */
        OFFLOAD_STARTED,
        /** The node serves new requests itself again. */
        OFFLOAD_STOPPED,
        /** A virtual port with too few operational instances uses a peer's instances. */
        BORROWING_STARTED,
        /** A virtual port has enough operational instances of its own again. */
        BORROWING_ENDED,
        /** Someone did something administrative through the home port (the audit trail; docs/operations.md). */
        ADMINISTRATIVE_ACTION,
        /** Another cluster member (or none, for a moment) runs the shared chores: health probes, the discovery poll. */
        LEADER_CHANGED
    }

    public NodeEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(time, "time");
    }
}
