package org.servicedomain.node.entry.port;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;
import org.servicedomain.node.engine.RequestTerms;
import org.servicedomain.node.engine.monitor.RequestId;
import org.servicedomain.node.engine.offload.Offload;
import org.servicedomain.node.tracing.TraceHeaders;
import org.servicedomain.node.tracing.TraceParent;

/** What the request chain needs of a relayed request's head, read from its Netty headers. */
final class RelayCallHead {

    private static final AsciiString SOAP_ACTION = AsciiString.cached("SOAPAction");
    private static final AsciiString REQUEST_ID = AsciiString.cached(RequestId.HEADER);
    private static final AsciiString TRACEPARENT = AsciiString.cached(TraceParent.HEADER);
    private static final AsciiString TRACESTATE = AsciiString.cached(TraceParent.STATE_HEADER);
    private static final AsciiString TIMEOUT = AsciiString.cached(RequestTerms.TIMEOUT_HEADER);
    private static final AsciiString HOP = AsciiString.cached(Offload.HOP_HEADER);

    private RelayCallHead() {
    }

    static VirtualPortFront.CallHead of(String portName, HttpHeaders headers) {
        // getAll keeps the lines in the order they came (Netty's value iterator runs newest first): tracestate's order counts
        TraceHeaders.Received trace = TraceHeaders.received(headers.valueStringIterator(TRACEPARENT),
                headers.getAll(TRACESTATE).iterator());
        return new VirtualPortFront.CallHead(portName, headers.get(HttpHeaderNames.CONTENT_TYPE),
                headers.get(SOAP_ACTION), headers.get(TIMEOUT), headers.contains(HOP), headers.get(REQUEST_ID),
                trace.traceparent(), trace.tracestate());
    }
}
