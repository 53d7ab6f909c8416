package org.servicedomain.node.catalog;

import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/**
 * A registration whose WSDL could not be fetched or used. Its message is the same whatever the
 * cause, so that a caller who may not scan the node's networks learns nothing from it;
 * {@link #named()} says what went wrong, without credentials or stack traces, for callers the node
 * trusts with it (an administrator).
 */
public final class UnreadableWsdl extends NodeFault {

    private final String named;

    UnreadableWsdl(String location, String named, Throwable cause) {
        super(FaultCode.WsdlUnreadable, "WSDL at " + location
                + " could not be fetched or is not a usable WSDL; the node's log has the details", cause);
        this.named = named;
    }

    /** The fault that names the cause, e.g. {@code WSDL at L is unusable: the provider answered HTTP 404 ...}. */
    public NodeFault named() {
        return new NodeFault(FaultCode.WsdlUnreadable, named);
    }
}
