package org.servicedomain.node.session;

import java.util.Optional;

/**
 * Where a new session is opened once its user's password is checked: here, or, on a member of a
 * cluster, at a less loaded member (docs/cluster.md, Placement).
 */
@FunctionalInterface
public interface SessionPlacement {

    /** Every session is opened here: a node of its own, or a member before it joins. */
    SessionPlacement HERE = user -> Optional.empty();

    /** The session another member opened for {@code user}, or empty to open it here. */
    Optional<Session> elsewhere(User user);
}
