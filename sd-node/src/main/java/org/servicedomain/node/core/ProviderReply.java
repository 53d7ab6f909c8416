package org.servicedomain.node.core;

import java.util.Set;

/**
 * A provider's answer, passed back to the client unchanged: a normal reply or its own SOAP fault.
 *
 * @param instanceId the instance that answered, once the engine knows it; null straight from a dispatcher
 * @param supplierLevels the supplier levels that instance belonged to when it answered, as metering
 *     records them for fees (a later change in the catalog does not reach back); empty when it had
 *     none or is not an instance of this node's catalog (a peer)
 */
public record ProviderReply(int status, String contentType, byte[] body, String instanceId, Set<String> supplierLevels) {

    public ProviderReply {
        supplierLevels = supplierLevels == null ? Set.of() : supplierLevels;
    }

    public ProviderReply(int status, String contentType, byte[] body) {
        this(status, contentType, body, null, Set.of());
    }

    /** This reply, marked as the answer of {@code instance}. */
    public ProviderReply servedBy(Instance instance) {
        return new ProviderReply(status, contentType, body, instance.id(), instance.supplierLevels());
    }

    /** This reply, marked as the answer of something outside the catalog (a peer node), which has no supplier level. */
    public ProviderReply servedBy(String source) {
        return new ProviderReply(status, contentType, body, source, Set.of());
    }
}
