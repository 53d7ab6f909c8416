package org.servicedomain.node.rendering;

/** A provider's answer, passed back to the client unchanged: a normal reply or its own SOAP fault. */
public record ProviderReply(int status, String contentType, byte[] body) {
}
