package org.servicedomain.node.policy;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A policy as the hot path reads it: immutable rules per virtual port, compiled once when the
 * policy was set. Ports the document does not name get the defaults, with a selector of their own
 * made on their first request.
 */
public final class CompiledPolicy {

    private final long version;
    private final String document;
    private final Map<String, PortPolicy> named;
    private final Function<String, PortPolicy> defaults;
    private final Map<String, PortPolicy> defaulted = new ConcurrentHashMap<>();

    CompiledPolicy(long version, String document, Map<String, PortPolicy> named, Function<String, PortPolicy> defaults) {
        this.version = version;
        this.document = document;
        this.named = Map.copyOf(named);
        this.defaults = defaults;
    }

    /** 0 for the built-in policy a node starts with, then 1, 2, ... for each one set. */
    public long version() {
        return version;
    }

    /** The policy document as it was set. */
    public String document() {
        return document;
    }

    public PortPolicy forPort(String virtualPort) {
        PortPolicy policy = named.get(virtualPort);
        return policy != null ? policy : defaulted.computeIfAbsent(virtualPort, defaults);
    }
}
