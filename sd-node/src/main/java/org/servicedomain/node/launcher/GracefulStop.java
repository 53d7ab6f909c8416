package org.servicedomain.node.launcher;

import org.apache.catalina.Container;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.core.StandardWrapper;
import org.apache.catalina.startup.Tomcat;
import org.servicedomain.node.DrainConfig;
import org.servicedomain.node.Node;
import org.servicedomain.node.NodeDrain;
import org.servicedomain.node.entry.port.VirtualPortRelay;

/**
 * Drains an embedded node before Tomcat stops ({@link NodeDrain}; docs/cluster.md, "Leaving: draining"): once
 * the drain delay is over the launcher closes its listening socket (new connections are refused, a request
 * on a kept-alive connection gets a bare 503 and the connection closes) and counts what is in flight in
 * every web application of the host and on the relay.
 */
final class GracefulStop {

    private GracefulStop() {
    }

    /**
     * Runs the drain of {@code node}, served by {@code tomcat} on {@code connector} and by {@code relay}
     * (null without one); returns when Tomcat may stop and the relay may close.
     */
    static void drain(Node node, Tomcat tomcat, Connector connector, VirtualPortRelay relay, DrainConfig drain) {
        NodeDrain.run(node, drain, new NodeDrain.Front() {
            @Override
            public void stopAccepting() {
                connector.pause();
                connector.getProtocolHandler().closeServerSocketGraceful();
                if (relay != null) {
                    relay.stopAccepting();
                }
            }

            @Override
            public long inFlight() {
                return GracefulStop.inFlight(tomcat, relay);
            }
        });
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
}
