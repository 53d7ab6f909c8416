package org.servicedomain.node.session;

import org.servicedomain.node.core.RequestListener;

/**
 * The transaction history as a node keeps it: read by the {@code transaction-history} directive, fed by
 * the engine's dispatches, forgotten with the session. {@link TransactionHistory} on a node of its own,
 * the cluster's ZooKeeper history on a member (chosen where the node is composed).
 */
public interface RecordedHistory extends SessionHistory, RequestListener, SessionListener {
}
