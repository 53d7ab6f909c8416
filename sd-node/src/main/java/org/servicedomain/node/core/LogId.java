package org.servicedomain.node.core;

import org.slf4j.MDC;

/**
 * The request id a request's log lines carry (SLF4J MDC key {@value #MDC_KEY}), travelling with
 * the request as a tag: its stages run on whichever thread an answer arrives on, so they put the
 * id into the MDC themselves where they log.
 */
public record LogId(String requestId) {

    /** The MDC key the log pattern reads ({@code %X{requestId}}). */
    public static final String MDC_KEY = "requestId";

    /** The id in the MDC until the returned scope closes; nothing when {@code request} has none. */
    public static MDC.MDCCloseable of(RequestContext request) {
        LogId id = request.tag(LogId.class);
        return id == null ? null : MDC.putCloseable(MDC_KEY, id.requestId());
    }
}
