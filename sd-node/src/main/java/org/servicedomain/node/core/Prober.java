package org.servicedomain.node.core;

/**
 * Tags a request as a health probe made by the node (or cluster member) {@code id}; the probe
 * carries it to the provider in {@value #HEADER}, so a provider can tell probes from clients' calls
 * and see which member probes it.
 */
public record Prober(String id) {

    /** The HTTP header that carries the prober's id on every health probe. */
    public static final String HEADER = "X-SD-Probe";
}
