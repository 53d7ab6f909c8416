package org.servicedomain.node.tracing;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.net.URI;
import java.util.Collection;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceName;

/**
 * One call's spans in the OpenTelemetry SDK: the server span, and beneath it a span per step and
 * a client span per dispatch attempt, with attributes after OpenTelemetry's semantic conventions
 * for RPC and HTTP. The request of an attempt names the attempt's span as its parent.
 */
final class OtlpCallTrace implements CallTrace {

    static final AttributeKey<String> RPC_SYSTEM = AttributeKey.stringKey("rpc.system");
    static final String SOAP = "soap";
    static final AttributeKey<String> RPC_SERVICE = AttributeKey.stringKey("rpc.service");
    static final AttributeKey<String> RPC_METHOD = AttributeKey.stringKey("rpc.method");
    static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
    static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
    static final AttributeKey<Long> STATUS_CODE = AttributeKey.longKey("http.response.status_code");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    static final AttributeKey<String> INSTANCE_ID = AttributeKey.stringKey("sd.instance.id");
    static final AttributeKey<String> INSTANCE_NAME = AttributeKey.stringKey("sd.instance.name");
    static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("sd.attempt");
    static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("sd.outcome");

    private final Tracer tracer;
    private final Span server;
    private final Context context;
    private final Outgoing outgoing;
    private final String tracestate;
    private String port;
    private String operation;

    OtlpCallTrace(Tracer tracer, Span server, String tracestate) {
        this.tracer = tracer;
        this.server = server;
        this.context = Context.root().with(server);
        this.outgoing = new UnrecordedTrace(server.getSpanContext().getTraceId(), traceparent(server.getSpanContext()),
                tracestate);
        this.tracestate = tracestate;
    }

    private static String traceparent(SpanContext span) {
        return TraceParent.format(span.getTraceId(), span.getSpanId(), span.isSampled());
    }

    @Override
    public String traceId() {
        return server.getSpanContext().getTraceId();
    }

    /** The call's own headers, naming its server span as the parent (a request outside an attempt: an offload). */
    @Override
    public Outgoing outgoing() {
        return outgoing;
    }

    @Override
    public void operation(String portName, String operationName) {
        this.port = portName;
        this.operation = operationName;
        server.updateName(portName + "/" + operationName);
        server.setAttribute(RPC_SERVICE, portName);
        server.setAttribute(RPC_METHOD, operationName);
    }

    @Override
    public Step step(String name) {
        return new InternalStep(tracer.spanBuilder(name).setParent(context).setSpanKind(SpanKind.INTERNAL).startSpan());
    }

    @Override
    public Attempt attempt(Instance instance, int number) {
        var span = tracer.spanBuilder(port == null ? "dispatch" : port + "/" + operation).setParent(context)
                .setSpanKind(SpanKind.CLIENT)
                .setAttribute(RPC_SYSTEM, SOAP)
                .setAttribute(INSTANCE_ID, instance.id())
                .setAttribute(ATTEMPT, (long) number);
        span.setAttribute(INSTANCE_NAME, InstanceName.of(instance));
        if (port != null) {
            span.setAttribute(RPC_SERVICE, port).setAttribute(RPC_METHOD, operation);
        }
        try {
            URI address = URI.create(instance.endpointAddress());
            if (address.getHost() != null) {
                span.setAttribute(SERVER_ADDRESS, address.getHost());
                span.setAttribute(SERVER_PORT, (long) (address.getPort() > 0 ? address.getPort()
                        : "https".equals(address.getScheme()) ? 443 : 80));
            }
        } catch (IllegalArgumentException notAUri) {
            span.setAttribute(SERVER_ADDRESS, instance.endpointAddress());
        }
        return new DispatchAttempt(span.startSpan(), tracestate);
    }

    @Override
    public void end(int status, String faultCode) {
        if (faultCode == null) {
            server.setAttribute(STATUS_CODE, (long) status);
            if (status >= 500) {
                server.setStatus(StatusCode.ERROR);
            }
        } else {
            server.setAttribute(ERROR_TYPE, faultCode);
            server.setStatus(StatusCode.ERROR, faultCode);
        }
        server.end();
    }

    /** The internal span of one step. */
    private record InternalStep(Span span) implements Step {

        @Override
        public Step with(String attribute, String value) {
            if (value != null) {
                span.setAttribute(attribute, value);
            }
            return this;
        }

        @Override
        public Step with(String attribute, Collection<String> values) {
            if (values != null) {
                span.setAttribute(attribute, String.join(" ", values.stream().sorted().toList()));
            }
            return this;
        }

        @Override
        public void end(String attribute, long value) {
            span.setAttribute(attribute, value);
            span.end();
        }

        @Override
        public void end(String attribute, boolean value) {
            span.setAttribute(attribute, value);
            span.end();
        }

        @Override
        public void end(String attribute, String value) {
            with(attribute, value);
            span.end();
        }

        @Override
        public void failed(String faultCode, String reason) {
            span.setAttribute(ERROR_TYPE, faultCode).setStatus(StatusCode.ERROR, reason);
            span.end();
        }
    }

    /** The client span of one attempt. */
    private static final class DispatchAttempt implements Attempt {

        private final Span span;
        private final String traceparent;
        private final String tracestate;

        DispatchAttempt(Span span, String tracestate) {
            this.span = span;
            this.traceparent = OtlpCallTrace.traceparent(span.getSpanContext());
            this.tracestate = tracestate;
        }

        @Override
        public String traceparent() {
            return traceparent;
        }

        @Override
        public String tracestate() {
            return tracestate;
        }

        @Override
        public void answered(int status) {
            span.setAttribute(STATUS_CODE, (long) status).setAttribute(OUTCOME, "answered");
            span.end();
        }

        @Override
        public void failed(String kind, String reason) {
            span.setAttribute(ERROR_TYPE, kind).setAttribute(OUTCOME, "failed").setStatus(StatusCode.ERROR, reason);
            span.end();
        }
    }
}
