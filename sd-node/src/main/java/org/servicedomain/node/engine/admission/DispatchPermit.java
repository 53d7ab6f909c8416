package org.servicedomain.node.engine.admission;

/**
 * Tags a request that holds one of its port's dispatch permits: the priority classes let it on
 * within the instances' concurrency limits, so the lookup prefers instances with room. A high call
 * holds the high class's permit: it stays within an instance's known-good limit while other classes'
 * calls are out there, so it never waits inside a provider behind them.
 */
public enum DispatchPermit {
    /** Held by a call of the high class. */
    HIGH,
    /** Held by a call of a class that shares the rest by allocation (middle, low). */
    SHARED
}
