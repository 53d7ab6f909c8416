package org.servicedomain.node.core;

/**
 * A provider's answer, passed back to the client unchanged: a normal reply or its own SOAP fault.
 *
 * @param instanceId the instance that answered, once the engine knows it; null straight from a dispatcher
 */
public record ProviderReply(int status, String contentType, byte[] body, String instanceId) {

    public ProviderReply(int status, String contentType, byte[] body) {
        this(status, contentType, body, null);
    }

    /** This reply, marked as the answer of {@code instance}. */
    public ProviderReply servedBy(String instance) {
        return new ProviderReply(status, contentType, body, instance);
    }
}
