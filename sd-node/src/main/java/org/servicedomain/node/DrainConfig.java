package org.servicedomain.node;

import java.time.Duration;
import java.util.Objects;

/**
 * How a node stops (docs/cluster.md, "Leaving: draining"): it first turns {@code /sd/health/ready} to 503 and
 * leaves its cluster, keeps serving for {@code delay} so that load balancers notice, then takes no
 * new connections and gives the requests it has up to {@code grace} to finish.
 *
 * @param delay how long the node keeps serving once it answers "not ready": at least the time a
 *     load balancer's health checks take to mark it down; zero when nothing is in front of it
 * @param grace the longest the node waits for its in-flight requests before it stops anyway
 */
public record DrainConfig(Duration delay, Duration grace) {

    /** Nothing in front of the node to tell: no delay; in-flight requests get up to 5 s. {@link NodeConfig}'s default. */
    public static final DrainConfig IMMEDIATE = new DrainConfig(Duration.ZERO, Duration.ofSeconds(5));
    /** Behind a load balancer: 5 s for its health checks to notice, 30 s for in-flight requests. The launcher's default. */
    public static final DrainConfig BEHIND_LOAD_BALANCER = new DrainConfig(Duration.ofSeconds(5), Duration.ofSeconds(30));

    public DrainConfig {
        Objects.requireNonNull(delay, "delay");
        Objects.requireNonNull(grace, "grace");
        if (delay.isNegative()) {
            throw new IllegalArgumentException("the drain delay must not be negative but was " + delay);
        }
        if (grace.isNegative()) {
            throw new IllegalArgumentException("the drain grace must not be negative but was " + grace);
        }
    }
}
