package org.servicedomain.node.engine.selection;

import java.util.List;
import java.util.Optional;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.directive.Selector;
import org.servicedomain.node.session.SessionHistory;

/**
 * Keeps a session on the instance that served its previous request of the port, for providers that
 * hold per-client state. The session moves, in turn with the others, only when that instance is not
 * a candidate (down, or already tried for this request); calls without a session or history take turns.
 * When the members of a cluster share the history, a session without a usable instance goes to the
 * candidate that ranks highest for it ({@link Rendezvous}) instead, so that a member that has not yet heard
 * of the session's last answer picks what the others picked.
 */
public final class TransactionHistorySelector implements Selector {

    public static final String NAME = "transaction-history";

    private final SessionHistory history;
    private final Rotation others = new Rotation();

    public TransactionHistorySelector(SessionHistory history) {
        this.history = history;
    }

    @Override
    public Instance select(List<Instance> candidates, RequestContext request) {
        String sessionId = request.sessionId();
        if (sessionId != null) {
            Optional<String> last = history.lastInstance(sessionId, request.virtualPort().name());
            if (last.isPresent()) {
                for (Instance candidate : candidates) {
                    if (candidate.id().equals(last.get())) {
                        return candidate;
                    }
                }
            }
            if (history.shared()) {
                return Rendezvous.pick(candidates, sessionId, request.virtualPort().name());
            }
        }
        return others.pick(candidates);
    }
}
