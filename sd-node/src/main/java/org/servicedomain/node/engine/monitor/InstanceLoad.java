package org.servicedomain.node.engine.monitor;

/** What load-aware directives read of each instance: its queue of requests in flight and its recent speed. */
public interface InstanceLoad {

    /** Requests dispatched to the instance and not yet answered. */
    int outstanding(String instanceId);

    /** A recent response time in milliseconds, or {@link Double#NaN} before the instance has answered. */
    double recentLatencyMs(String instanceId);

    /** No load known: every instance idle and unmeasured. */
    InstanceLoad NONE = new InstanceLoad() {
        @Override
        public int outstanding(String instanceId) {
            return 0;
        }

        @Override
        public double recentLatencyMs(String instanceId) {
            return Double.NaN;
        }
    };
}
