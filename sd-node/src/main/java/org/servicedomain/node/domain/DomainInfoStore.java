package org.servicedomain.node.domain;

import java.io.IOException;
import java.util.function.UnaryOperator;

/**
 * Where a node keeps its domain information: a file in the data directory on a node of its own
 * ({@link FileDomainInfoStore}), ZooKeeper for every member of a cluster. Reads come from memory;
 * a change is durable (or refused) before it returns.
 */
public interface DomainInfoStore {

    /** The domain information as this node last heard it; {@link DomainInfo#NONE} before any change. */
    DomainInfo current();

    /**
     * Replaces the domain information with {@code change} applied to what is kept, atomically: a
     * concurrent change elsewhere makes the store apply {@code change} again to the newer value, so it
     * must have no side effect. Returns what was kept.
     */
    DomainInfo update(UnaryOperator<DomainInfo> change) throws IOException;
}
