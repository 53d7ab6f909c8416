package org.servicedomain.node.qos;

/**
 * The rate a flow may use, and what bound it: {@code "demand"} when it got all it asked for, else
 * the name of the node whose capacity (what was left of it for the flow's class) held it back.
 */
public record Allocation(String name, double allocation, String boundBy) {

    /** The {@code boundBy} of a flow that got its whole demand. */
    public static final String DEMAND = "demand";
}
