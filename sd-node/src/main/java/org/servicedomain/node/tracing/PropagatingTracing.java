package org.servicedomain.node.tracing;

import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

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
            return new UnrecordedTrace(traceId, TraceParent.format(traceId, spanId, false), null);
        }
        return new UnrecordedTrace(parent.traceId(), TraceParent.format(parent.traceId(), spanId, parent.sampled()),
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
}
