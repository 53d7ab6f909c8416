package org.servicedomain.node.core;

import java.util.Optional;

/**
 * One condition the node must meet to take traffic, asked on every {@code /sd/health/ready}; it must
 * answer at once from memory (a cluster member, for example, from its last contact with ZooKeeper).
 */
public interface ReadinessCheck {

    /** The check's name in the readiness answer, e.g. {@code catalog}. */
    String name();

    /** Empty when met, else why not, in a sentence for the operator. */
    Optional<String> problem();
}
