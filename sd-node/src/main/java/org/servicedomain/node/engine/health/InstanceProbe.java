package org.servicedomain.node.engine.health;

import org.servicedomain.node.core.Instance;

/** A cheap check that an ejected instance is back; it must not throw. */
@FunctionalInterface
public interface InstanceProbe {

    boolean passes(Instance instance);
}
