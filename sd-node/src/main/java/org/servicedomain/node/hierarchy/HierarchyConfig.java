package org.servicedomain.node.hierarchy;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How a node takes part in a hierarchy of nodes, fixed when it starts.
 *
 * @param nodeName the name this node has in attempt paths and topologies (e.g. {@code main})
 * @param parentSecret the secret a parent registers this node with, which signs the request-context
 *     header the parent sends; null when this node trusts no parent (the header is then ignored)
 * @param pollInterval how often a top node starts the discovery poll of the nodes below it
 */
public record HierarchyConfig(String nodeName, String parentSecret, Duration pollInterval) {

    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofSeconds(30);
    /**
     * The shape of a node's name, and of the name a parent registers a child under: what attempt
     * paths, the forwarding path {@code /children/{name}} and the admin console can carry.
     */
    public static final Pattern NODE_NAME = Pattern.compile("[A-Za-z0-9_.\\-]{1,64}");
    /** {@link #NODE_NAME} in words, for messages. */
    public static final String NODE_NAME_RULE = "1 to 64 letters, digits, '_', '.' or '-'";
    public static final HierarchyConfig DEFAULT = new HierarchyConfig("node", null, DEFAULT_POLL_INTERVAL);

    public HierarchyConfig {
        Objects.requireNonNull(nodeName, "nodeName");
        Objects.requireNonNull(pollInterval, "pollInterval");
        if (!NODE_NAME.matcher(nodeName).matches()) {
            throw new IllegalArgumentException("nodeName must be " + NODE_NAME_RULE + " but was " + nodeName);
        }
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("pollInterval must be positive but was " + pollInterval);
        }
        if (parentSecret != null && parentSecret.length() < 16) {
            throw new IllegalArgumentException("parentSecret must have at least 16 characters");
        }
    }

    public HierarchyConfig withNodeName(String name) {
        return new HierarchyConfig(name, parentSecret, pollInterval);
    }

    public HierarchyConfig withParentSecret(String secret) {
        return new HierarchyConfig(nodeName, secret, pollInterval);
    }

    public HierarchyConfig withPollInterval(Duration interval) {
        return new HierarchyConfig(nodeName, parentSecret, interval);
    }

    /** Never shows the secret. */
    @Override
    public String toString() {
        return "HierarchyConfig[nodeName=" + nodeName + ", parentSecret=" + (parentSecret == null ? "none" : "set")
                + ", pollInterval=" + pollInterval + "]";
    }
}
