package org.servicedomain.node.discovery;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.servicedomain.client.discovery.DiscoverySignatures;

/**
 * How a node runs WS-Discovery, fixed when it starts.
 *
 * @param interfaceName the network interface multicast is sent and received on ({@code lo} in tests), or null
 *     for the first multicast interface that is up and not loopback
 * @param port the UDP port, 3702 by the standard (tests use others, so runs side by side do not hear each other)
 * @param ttl the multicast time-to-live; 1 keeps messages on the local link, as the standard wants
 * @param scopes the domain's scopes, published on every virtual port
 * @param refresh how often the node compares its virtual ports and their quality with what it announced
 * @param limits how much it answers and remembers, so forged sources cannot turn it against others
 * @param signatures the key its messages are signed with and the keys announcements must be signed by
 * @param maxAnswerDelay APP_MAX_DELAY: answers to a multicast Probe or Resolve wait a random time up to
 *     this, so that many targets do not answer at once (WS-Discovery 1.1's APP_MAX_DELAY; 500 ms by default)
 */
public record DiscoveryConfig(DiscoveryMode mode, String interfaceName, InetAddress group, int port, int ttl,
        List<String> scopes, Duration refresh, DiscoveryLimits limits, DiscoverySignatures signatures,
        Duration maxAnswerDelay) {

    public static final int STANDARD_PORT = 3702;
    public static final String STANDARD_GROUP = "239.255.255.250";
    /** The specification's APP_MAX_DELAY. */
    public static final Duration STANDARD_MAX_ANSWER_DELAY = Duration.ofMillis(500);
    public static final DiscoveryConfig OFF = new DiscoveryConfig(DiscoveryMode.OFF, null, standardGroup(), STANDARD_PORT,
            1, List.of(), Duration.ofSeconds(1), DiscoveryLimits.DEFAULT, DiscoverySignatures.NONE,
            STANDARD_MAX_ANSWER_DELAY);

    public DiscoveryConfig {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(signatures, "signatures");
        Objects.requireNonNull(maxAnswerDelay, "maxAnswerDelay");
        if (maxAnswerDelay.isNegative()) {
            throw new IllegalArgumentException("discovery answer delay must not be negative but was " + maxAnswerDelay);
        }
        scopes = List.copyOf(scopes);
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("discovery port must be between 1 and 65535 but was " + port);
        }
        if (ttl < 1 || ttl > 255) {
            throw new IllegalArgumentException("discovery TTL must be between 1 and 255 but was " + ttl);
        }
        if (!group.isMulticastAddress()) {
            throw new IllegalArgumentException("discovery group must be a multicast address but was " + group);
        }
    }

    /** A configuration of {@code mode} on {@code interfaceName} and {@code port}, the other settings standard. */
    public static DiscoveryConfig of(DiscoveryMode mode, String interfaceName, int port, List<String> scopes) {
        return new DiscoveryConfig(mode, interfaceName, standardGroup(), port, 1, scopes, Duration.ofSeconds(1),
                DiscoveryLimits.DEFAULT, DiscoverySignatures.NONE, STANDARD_MAX_ANSWER_DELAY);
    }

    public DiscoveryConfig withRefresh(Duration refresh) {
        return new DiscoveryConfig(mode, interfaceName, group, port, ttl, scopes, refresh, limits, signatures, maxAnswerDelay);
    }

    public DiscoveryConfig withLimits(DiscoveryLimits limits) {
        return new DiscoveryConfig(mode, interfaceName, group, port, ttl, scopes, refresh, limits, signatures, maxAnswerDelay);
    }

    public DiscoveryConfig withSignatures(DiscoverySignatures signatures) {
        return new DiscoveryConfig(mode, interfaceName, group, port, ttl, scopes, refresh, limits, signatures, maxAnswerDelay);
    }

    public DiscoveryConfig withMaxAnswerDelay(Duration maxAnswerDelay) {
        return new DiscoveryConfig(mode, interfaceName, group, port, ttl, scopes, refresh, limits, signatures, maxAnswerDelay);
    }

    private static InetAddress standardGroup() {
        try {
            return InetAddress.getByName(STANDARD_GROUP);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("a literal address did not parse", e);
        }
    }
}
