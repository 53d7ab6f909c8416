package org.servicedomain.node.tracing;

import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import org.servicedomain.node.core.Instance;

/**
 * Tracing with no exporter: joins the caller's trace or starts one, and passes it on with a span
 * id of this node's own as the parent, so providers and logs correlate; records nothing. A call
 * costs a few random numbers and one header string.
 */
final class PropagatingTracing implements Tracing {

    private static final HexFormat HEX = HexFormat.of();

    @Override
    public CallTrace start(String traceparent, String tracestate) {
        TraceParent parent = TraceParent.parse(traceparent);
        ThreadLocalRandom random = ThreadLocalRandom.current();
        String spanId = HEX.toHexDigits(nonZero(random));
        if (parent == null) {
            String traceId = HEX.toHexDigits(random.nextLong()) + HEX.toHexDigits(nonZero(random));
            return new Propagated(traceId, TraceParent.format(traceId, spanId, false), null);
        }
        return new Propagated(parent.traceId(), TraceParent.format(parent.traceId(), spanId, parent.sampled()),
                TraceParent.forwardableState(tracestate));
    }

    private static long nonZero(ThreadLocalRandom random) {
        long value = random.nextLong();
        return value == 0 ? 1 : value;
    }

    @Override
    public void close() {
        // nothing to release
    }

    /** One call's trace: the same headers for every request it sends. */
    private record Propagated(String traceId, String traceparent, String tracestate) implements CallTrace, CallTrace.Attempt {

        @Override
        public Outgoing outgoing() {
            return this;
        }

        @Override
        public void operation(String port, String operation) {
            // nothing recorded
        }

        @Override
        public Step step(String name) {
            return Step.NONE;
        }

        @Override
        public Attempt attempt(Instance instance, int number) {
            return this;
        }

        @Override
        public void end(int status, String faultCode) {
            // nothing recorded
        }

        @Override
        public void answered(int status) {
            // nothing recorded
        }

        @Override
        public void failed(String kind, String reason) {
            // nothing recorded
        }
    }
}
