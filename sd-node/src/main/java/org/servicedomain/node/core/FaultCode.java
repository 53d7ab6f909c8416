package org.servicedomain.node.core;

/**
 * The codes a node puts in the detail of its SOAP faults ({@code sd:fault/sd:code}); clients and
 * scripts branch on these, so they are part of the outside contract (docs/home-port.md).
 */
public enum FaultCode {
    /** Malformed XML, wrong content type, unknown operation, oversized message, DOCTYPE. */
    BadRequest(true),
    /** No instance could serve the request; the detail lists every attempt and why it failed. */
    NoInstanceAvailable(false),
    /** Every instance tried for a request timed out; the detail lists the attempts. */
    Timeout(false),
    /** A policy document failed schema or semantic validation; the old policy stays active. */
    InvalidPolicy(true),
    /** An instance id that the catalog does not hold. */
    UnknownInstance(true),
    /** A virtual port name that the catalog does not hold. */
    UnknownVirtualPort(true),
    /** The WSDL at a registration's location could not be fetched or understood. */
    WsdlUnreadable(true),
    /** The caller may not do this. */
    NotAuthorized(true),
    /** {@code invokeOperation}: the provider answered with its own SOAP fault (its text is in the message). */
    ProviderFault(false),
    /** The node could not complete an operation for a reason of its own (e.g. disk full). */
    InternalError(false),
    /**
     * A child node's answer to its parent: its instances failed and its policy percolates the
     * failure, so the parent tries another child. The detail lists the child's attempts.
     */
    Percolated(false),
    /**
     * The request's priority-class queue was full under overload; it was not sent to any provider
     * and may be retried later (docs/qos.md).
     */
    Overloaded(false),
    /** The change would leave the node without an administrator (removing or demoting the last one). */
    LastAdministrator(true),
    /**
     * A change refused because the node's cluster has no ZooKeeper quorum (docs/cluster.md): nothing
     * was changed; the node still serves, and the change may be made again once the quorum returns.
     */
    NoQuorum(false),
    /**
     * A virtual-port call of an operation the port's WSDL shows but none of its instances implements
     * (each instance records the operations of its own WSDL); nothing was sent to any provider.
     */
    OperationNotOffered(true);

    private final boolean senderFault;

    FaultCode(boolean senderFault) {
        this.senderFault = senderFault;
    }

    /** Whether the fault blames the sender (SOAP 1.1 {@code Client}, SOAP 1.2 {@code Sender}). */
    public boolean isSenderFault() {
        return senderFault;
    }
}
