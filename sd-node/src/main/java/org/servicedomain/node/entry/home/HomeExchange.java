package org.servicedomain.node.entry.home;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.xml.ws.WebServiceContext;
import jakarta.xml.ws.handler.MessageContext;
import java.util.function.Supplier;
import org.servicedomain.node.tracing.TraceHeaders;
import org.servicedomain.node.tracing.TraceParent;

/**
 * The SOAP exchange of the home operation running on this thread, as the context CXF injects into
 * the home port shows it. A call made without SOAP (a test calling the port directly) has none:
 * every part reads as null then.
 */
final class HomeExchange {

    private final Supplier<WebServiceContext> context;

    HomeExchange(Supplier<WebServiceContext> context) {
        this.context = context;
    }

    MessageContext message() {
        WebServiceContext current = context.get();
        return current == null ? null : current.getMessageContext();
    }

    HttpServletRequest request() {
        MessageContext message = message();
        return message == null ? null : (HttpServletRequest) message.get(MessageContext.SERVLET_REQUEST);
    }

    HttpServletResponse response() {
        MessageContext message = message();
        return message != null && message.get(MessageContext.SERVLET_RESPONSE) instanceof HttpServletResponse response
                ? response : null;
    }

    /** The caller's address as Tomcat sees it (behind a trusted proxy, the forwarded one). */
    String remoteAddress() {
        HttpServletRequest request = request();
        return request == null ? null : request.getRemoteAddr();
    }

    /** The trace headers of the call, read as every entry reads them. */
    TraceHeaders.Received receivedTrace() {
        HttpServletRequest http = request();
        return http == null ? TraceHeaders.Received.NONE
                : TraceHeaders.received(http.getHeaders(TraceParent.HEADER).asIterator(),
                        http.getHeaders(TraceParent.STATE_HEADER).asIterator());
    }
}
