package org.servicedomain.node.tracing;

import java.util.Arrays;
import org.servicedomain.node.core.RequestContext;

/** The W3C trace headers a request the node sends on a call's behalf carries. */
public final class TraceHeaders {

    private TraceHeaders() {
    }

    /**
     * {@code headers} (name, value pairs) followed by {@code traceparent} and {@code tracestate}
     * as the request's {@link CallTrace.Outgoing} tag names them; {@code headers} itself when untraced.
     */
    public static String[] added(RequestContext request, String... headers) {
        CallTrace.Outgoing trace = request.tag(CallTrace.Outgoing.class);
        String traceparent = trace == null ? null : trace.traceparent();
        if (traceparent == null) {
            return headers;
        }
        String tracestate = trace.tracestate();
        String[] all = Arrays.copyOf(headers, headers.length + (tracestate == null ? 2 : 4));
        all[headers.length] = TraceParent.HEADER;
        all[headers.length + 1] = traceparent;
        if (tracestate != null) {
            all[headers.length + 2] = TraceParent.STATE_HEADER;
            all[headers.length + 3] = tracestate;
        }
        return all;
    }
}
