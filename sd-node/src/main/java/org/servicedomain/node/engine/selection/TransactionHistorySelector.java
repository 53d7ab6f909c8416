package org.servicedomain.node.engine.selection;

import java.util.List;
import java.util.Optional;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.session.SessionHistory;

/**
 * Keeps a session on the instance that served its previous request of the port, for providers that
 * hold per-client state. The session moves, in turn with the others, only when that instance is not
 * a candidate (down, or already tried for this request); calls without a session or history take turns.
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
        }
        return others.pick(candidates);
    }
}
