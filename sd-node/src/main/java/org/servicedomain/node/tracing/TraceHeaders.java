package org.servicedomain.node.tracing;

import java.util.Arrays;
import java.util.Iterator;
import org.servicedomain.node.core.RequestContext;

/**
 * The W3C trace headers: as every entry reads them from a request that arrived, so that the data
 * plane, Tomcat's entry and the home port treat repeated headers alike, and as a request the node
 * sends on a call's behalf carries them.
 */
public final class TraceHeaders {

    private TraceHeaders() {
    }

    /**
     * The trace headers of an arriving request, one value per header line.
     *
     * @param traceparent the request's only {@code traceparent}, or null when it had none or more than one
     * @param tracestate its {@code tracestate} lines joined by commas in order, or null when it had none
     */
    public record Received(String traceparent, String tracestate) {

        /** A request without trace headers. */
        public static final Received NONE = new Received(null, null);
    }

    /**
     * What a request with these header lines carries, as W3C Trace Context says: more than one
     * {@code traceparent} is invalid, so none is joined and the node starts a new trace; several
     * {@code tracestate} lines are one list, joined by commas (empty lines left out).
     */
    public static Received received(Iterator<String> traceparents, Iterator<String> tracestates) {
        String traceparent = traceparents.hasNext() ? traceparents.next() : null;
        if (traceparents.hasNext()) {
            traceparent = null;
        }
        String tracestate = joined(tracestates);
        return traceparent == null && tracestate == null ? Received.NONE : new Received(traceparent, tracestate);
    }

    private static String joined(Iterator<String> lines) {
        String first = null;
        StringBuilder all = null;
        while (lines.hasNext()) {
            String line = lines.next().strip();
            if (line.isEmpty()) {
                continue;
            }
            if (first == null) {
                first = line;
            } else {
                if (all == null) {
                    all = new StringBuilder(first);
                }
                all.append(',').append(line);
            }
        }
        return all != null ? all.toString() : first;
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
