package org.servicedomain.node.core;

import org.slf4j.MDC;

/**
 * The request id and trace id a request's log lines carry (SLF4J MDC keys {@value #MDC_KEY} and
 * {@value #TRACE_MDC_KEY}), travelling with the request as a tag: its stages run on whichever
 * thread an answer arrives on, so they put the ids into the MDC themselves where they log.
 *
 * @param traceId the W3C trace id of the call, or null
 */
public record LogId(String requestId, String traceId) {

    /** The MDC key the log pattern reads ({@code %X{requestId}}). */
    public static final String MDC_KEY = "requestId";
    /** The MDC key of the trace id ({@code %X{traceId}}). */
    public static final String TRACE_MDC_KEY = "traceId";

    /** The ids in the MDC until the returned scope closes; nothing when {@code request} has none. */
    public static Scope of(RequestContext request) {
        LogId id = request.tag(LogId.class);
        if (id == null) {
            return Scope.EMPTY;
        }
        MDC.put(MDC_KEY, id.requestId());
        if (id.traceId() != null) {
            MDC.put(TRACE_MDC_KEY, id.traceId());
        }
        return Scope.FILLED;
    }

    /** The ids' time in the MDC; closing it takes them out again. */
    public enum Scope implements AutoCloseable {
        EMPTY, FILLED;

        @Override
        public void close() {
            if (this == FILLED) {
                MDC.remove(MDC_KEY);
                MDC.remove(TRACE_MDC_KEY);
            }
        }
    }
}
