package org.servicedomain.node.engine.admission;

/**
 * The child node an instance stands for, with what it serves in all as its parent's administrator
 * declared it: the flows of every port whose instances reach the child share that capacity.
 *
 * @param child the child's name, as the parent's administrators address it
 * @param tps its capacity in requests per second
 */
public record ChildCapacity(String child, double tps) {
}
