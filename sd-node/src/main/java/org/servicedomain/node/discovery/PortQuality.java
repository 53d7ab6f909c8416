package org.servicedomain.node.discovery;

/** The live quality figures a node publishes as scopes of its virtual ports. */
public interface PortQuality {

    /** Nothing measured: every figure 0. */
    PortQuality NONE = new PortQuality() {
        @Override
        public double loadIndex() {
            return 0;
        }

        @Override
        public double p95Ms(String virtualPort) {
            return 0;
        }
    };

    /** The node's load index: requests in flight divided by its capacity. */
    double loadIndex();

    /** The 95th percentile response time of {@code virtualPort} over the monitor's window, 0 when it saw none. */
    double p95Ms(String virtualPort);
}
