package org.servicedomain.node.engine.selection;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.servicedomain.node.core.Instance;

/**
 * A turn counter that hands out list members in turn; what round-robin and every directive's
 * tie-breaking share, so that equal candidates share the traffic instead of the first taking it all.
 */
final class Rotation {

    private final AtomicInteger next = new AtomicInteger();

    /** The member of {@code among} (never empty) whose turn it is; safe for concurrent calls. */
    Instance pick(List<Instance> among) {
        return among.get(Math.floorMod(next.getAndIncrement(), among.size()));
    }
}
