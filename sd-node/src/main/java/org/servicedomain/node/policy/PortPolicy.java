package org.servicedomain.node.policy;

import org.servicedomain.node.engine.selection.Selector;

/**
 * The compiled rules for one virtual port: the selector of its directive (owned by this port
 * alone, so its state is the port's) and its recovery rule.
 */
public record PortPolicy(String directive, Selector selector, RecoveryRule recovery) {
}
