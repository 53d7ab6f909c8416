package org.servicedomain.node.engine.admission;

/**
 * Tags a request that holds one of its port's dispatch permits: the priority classes let it on
 * within the instances' concurrency limits, so the lookup offers only instances with room.
 */
public enum DispatchPermit {
    HELD
}
