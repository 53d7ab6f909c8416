package org.servicedomain.node.launcher;

import java.time.Duration;
import org.apache.catalina.Container;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.core.StandardWrapper;
import org.apache.catalina.startup.Tomcat;
import org.servicedomain.node.DrainConfig;
import org.servicedomain.node.Node;
import org.servicedomain.node.entry.VirtualPortRelay;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drains an embedded node before Tomcat stops (docs/cluster.md, "Leaving: draining"): the node answers "not
 * ready" and leaves its cluster, keeps serving for the drain delay so load balancers notice, then
 * closes its listening socket (new connections are refused, a request on a kept-alive connection gets
 * a bare 503 and the connection closes) and waits, at most the grace, until no request is in flight.
 */
final class GracefulStop {

    private static final Logger LOG = LoggerFactory.getLogger(GracefulStop.class);
    private static final long POLL_MS = 20;

    private GracefulStop() {
    }

    /**
     * Runs the drain of {@code node}, served by {@code tomcat} on {@code connector} and by {@code relay}
     * (null without one); returns when Tomcat may stop and the relay may close.
     */
    static void drain(Node node, Tomcat tomcat, Connector connector, VirtualPortRelay relay, DrainConfig drain) {
        node.drain();
        LOG.info("draining: /sd/health/ready answers 503{}; serving {} ms more so load balancers notice",
                node.cluster() == null ? "" : " and the node has left cluster " + node.cluster().config().name(),
                drain.delay().toMillis());
        if (!pause(drain.delay())) {
            return;
        }
        connector.pause();
        connector.getProtocolHandler().closeServerSocketGraceful();
        if (relay != null) {
            relay.stopAccepting();
        }
        long deadline = System.nanoTime() + drain.grace().toNanos();
        long inFlight = inFlight(tomcat, relay);
        while (inFlight > 0 && System.nanoTime() < deadline) {
            if (!pause(Duration.ofMillis(POLL_MS))) {
                return;
            }
            inFlight = inFlight(tomcat, relay);
        }
        if (inFlight > 0) {
            LOG.warn("{} requests still in flight after the drain grace of {} ms; stopping anyway", inFlight,
                    drain.grace().toMillis());
        } else {
            LOG.info("drained: no request in flight; stopping");
        }
    }

    /**
     * Requests being served now: in every web application of the host (synchronous ones in a servlet,
     * and asynchronous ones), and on the relay.
     */
    private static long inFlight(Tomcat tomcat, VirtualPortRelay relay) {
        long count = relay == null ? 0 : relay.inFlight();
        for (Container child : tomcat.getHost().findChildren()) {
            if (child instanceof StandardContext context) {
                count += context.getInProgressAsyncCount();
                for (Container servlet : context.findChildren()) {
                    if (servlet instanceof StandardWrapper wrapper) {
                        count += wrapper.getCountAllocated();
                    }
                }
            }
        }
        return count;
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
