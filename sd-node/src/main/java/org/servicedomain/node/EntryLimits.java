package org.servicedomain.node;

import java.time.Duration;
import java.util.Objects;

/**
 * How long and how many clients may hold the node's entries (the relay and Tomcat), so that a slow or
 * greedy client cannot tie them up.
 *
 * @param headerTimeout how long a client may take to send a request's head (request line and headers), on
 *     both entries, from when its connection opened or from the first byte of a later request; then it gets 408
 * @param bodyTimeout how long a client may take to send a request's whole body
 * @param minBodyBytesPerSecond the slowest a client may send a body, measured over each {@link #BODY_RATE_WINDOW};
 *     a slower one is refused, so it cannot hold a connection for long; 0 checks no rate, only {@code bodyTimeout}
 * @param relayIdleTimeout how long the relay keeps a client's connection open with no request on it
 * @param relayMaxConnections the most connections the relay holds open at once; one more is closed at accept, so the
 *     node's descriptors are never exhausted by clients
 * @param relayMaxConnectionsPerSource the most relay connections one source address holds open at once
 */
public record EntryLimits(Duration headerTimeout, Duration bodyTimeout, long minBodyBytesPerSecond, Duration relayIdleTimeout,
        int relayMaxConnections, int relayMaxConnectionsPerSource) {

    /** Below a common descriptor limit (65,536 or more on servers), leaving room for providers, files and Tomcat. */
    public static final int DEFAULT_RELAY_MAX_CONNECTIONS = 10_000;
    /** Enough for a busy client's pool; one address cannot take the relay's whole cap. */
    public static final int DEFAULT_RELAY_MAX_CONNECTIONS_PER_SOURCE = DEFAULT_RELAY_MAX_CONNECTIONS;
    /** The interval over which a body's arrival rate is measured against {@link #minBodyBytesPerSecond}. */
    public static final Duration BODY_RATE_WINDOW = Duration.ofSeconds(5);

    public EntryLimits {
        NodeConfig.requirePositive("headerTimeout", Objects.requireNonNull(headerTimeout, "headerTimeout").toMillis());
        NodeConfig.requirePositive("bodyTimeout", Objects.requireNonNull(bodyTimeout, "bodyTimeout").toMillis());
        NodeConfig.requirePositive("relayIdleTimeout", Objects.requireNonNull(relayIdleTimeout, "relayIdleTimeout").toMillis());
        NodeConfig.requirePositive("relayMaxConnections", relayMaxConnections);
        NodeConfig.requirePositive("relayMaxConnectionsPerSource", relayMaxConnectionsPerSource);
        if (minBodyBytesPerSecond < 0) {
            throw new IllegalArgumentException("minBodyBytesPerSecond must not be negative but was " + minBodyBytesPerSecond);
        }
    }
}
