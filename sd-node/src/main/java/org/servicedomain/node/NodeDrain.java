package org.servicedomain.node;

import java.time.Duration;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The drain every way of stopping a node runs, the launcher on SIGTERM and the WAR on undeploy
 * (docs/cluster.md, "Leaving: draining"): the node answers "not ready", leaves its cluster and says Bye
 * ({@link Node#drain()}), keeps serving for the drain delay so load balancers notice, then its front
 * takes no new requests and the requests in flight get, at most, the grace to finish.
 */
public final class NodeDrain {

    private static final Logger LOG = LoggerFactory.getLogger(NodeDrain.class);
    private static final long POLL_MS = 20;

    /** What serves the node's requests: the launcher's Tomcat connector and relay, or the WAR's container. */
    public interface Front {

        /** Takes no new requests from now on; the ones in flight go on. */
        void stopAccepting();

        /** The requests being served now. */
        long inFlight();
    }

    private NodeDrain() {
    }

    /**
     * Drains {@code node} served by {@code front} as {@code drain} says; returns when the node may close:
     * true once nothing is in flight, false when the grace ran out or the thread was interrupted.
     */
    public static boolean run(Node node, DrainConfig drain, Front front) {
        Objects.requireNonNull(front, "front");
        node.drain();
        LOG.info("draining: /sd/health/ready answers 503{}; serving {} ms more so load balancers notice",
                node.backends().clusterName().map(name -> " and the node has left cluster " + name).orElse(""),
                drain.delay().toMillis());
        if (!pause(drain.delay())) {
            return false;
        }
        front.stopAccepting();
        long deadline = System.nanoTime() + drain.grace().toNanos();
        long inFlight = front.inFlight();
        while (inFlight > 0 && System.nanoTime() < deadline) {
            if (!pause(Duration.ofMillis(POLL_MS))) {
                return false;
            }
            inFlight = front.inFlight();
        }
        if (inFlight > 0) {
            LOG.warn("{} requests still in flight after the drain grace of {} ms; stopping anyway", inFlight,
                    drain.grace().toMillis());
            return false;
        }
        LOG.info("drained: no request in flight; stopping");
        return true;
    }

    /** Waits {@code time}; false when interrupted (the drain is cut short, the interrupt kept). */
    private static boolean pause(Duration time) {
        if (time.isZero()) {
            return true;
        }
        try {
            Thread.sleep(time.toMillis());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.warn("drain interrupted; stopping at once");
            return false;
        }
    }
}
