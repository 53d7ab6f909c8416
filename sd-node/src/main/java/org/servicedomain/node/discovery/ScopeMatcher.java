package org.servicedomain.node.discovery;

/** One WS-Discovery scope-matching rule: whether a probe's scope matches a target's. */
@FunctionalInterface
public interface ScopeMatcher {

    boolean matches(String probeScope, String targetScope);
}
