package org.servicedomain.node.tracing;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import java.net.URI;
import java.time.Duration;
import java.util.function.UnaryOperator;
import java.util.concurrent.TimeUnit;

/**
 * Tracing exported through the OpenTelemetry SDK: one server span per sampled call, child spans for its
 * steps and dispatch attempts, sent in batches over OTLP/HTTP (protobuf) by a background thread,
 * so a request only records; a collector that is down costs dropped spans, never a request. A call
 * that is not sampled is only passed on, unsampled, as without an exporter: past the sampler's one
 * unrecorded span it records nothing.
 */
final class OtlpTracing implements Tracing {

    /** The path of the traces signal, added to an endpoint given without a path. */
    static final String TRACES_PATH = "/v1/traces";
    static final String SCOPE = "org.servicedomain.node";
    /** OpenTelemetry's own names for the time between batches, in milliseconds: a system property, then the environment. */
    static final String BATCH_DELAY_PROPERTY = "otel.bsp.schedule.delay";
    static final String BATCH_DELAY_VARIABLE = "OTEL_BSP_SCHEDULE_DELAY";
    /** The SDK's default time between batches. */
    static final Duration DEFAULT_BATCH_DELAY = Duration.ofSeconds(5);
    private static final AttributeKey<String> SERVICE_NAME = AttributeKey.stringKey("service.name");
    /** Tells apart the nodes (cluster members) that export under one service name. */
    private static final AttributeKey<String> SERVICE_INSTANCE_ID = AttributeKey.stringKey("service.instance.id");

    private final SdkTracerProvider provider;
    private final Tracer tracer;

    OtlpTracing(String endpoint, String serviceName, String instanceId, double sampleRatio) {
        this(OtlpHttpSpanExporter.builder().setEndpoint(tracesUrl(endpoint)).build(), serviceName, instanceId, sampleRatio);
    }

    /** Spans sent in batches to {@code exporter}. */
    OtlpTracing(SpanExporter exporter, String serviceName, String instanceId, double sampleRatio) {
        this.provider = SdkTracerProvider.builder()
                .setResource(Resource.getDefault().merge(Resource.create(Attributes.of(SERVICE_NAME, serviceName,
                        SERVICE_INSTANCE_ID, instanceId))))
                .setSampler(sampler(sampleRatio))
                .addSpanProcessor(BatchSpanProcessor.builder(exporter)
                        .setScheduleDelay(batchDelay(System::getProperty, System::getenv)).build())
                .build();
        this.tracer = provider.get(SCOPE);
    }

    /**
     * OpenTelemetry's {@code ParentBased(TraceIdRatioBased(ratio))}: a caller's sampled flag decides; a trace the
     * node starts is recorded when its id falls within the ratio, so every node that samples by the same ratio
     * keeps the same traces whole.
     */
    static Sampler sampler(double ratio) {
        return Sampler.parentBased(ratio >= 1 ? Sampler.alwaysOn() : Sampler.traceIdRatioBased(ratio));
    }

    /**
     * The time between batches as OpenTelemetry's standard setting gives it (the property before the
     * variable), so an operator tunes the node's exporter as any other SDK's; {@link #DEFAULT_BATCH_DELAY} unless set.
     */
    static Duration batchDelay(UnaryOperator<String> properties, UnaryOperator<String> environment) {
        String where = BATCH_DELAY_PROPERTY;
        String value = properties.apply(BATCH_DELAY_PROPERTY);
        if (value == null) {
            where = BATCH_DELAY_VARIABLE;
            value = environment.apply(BATCH_DELAY_VARIABLE);
        }
        if (value == null || value.isBlank()) {
            return DEFAULT_BATCH_DELAY;
        }
        long millis;
        try {
            millis = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw notMillis(where, value, e);
        }
        if (millis < 0) {
            throw notMillis(where, value, null);
        }
        return Duration.ofMillis(millis);
    }

    private static IllegalArgumentException notMillis(String where, String value, Throwable cause) {
        return new IllegalArgumentException(where + " must be a whole number of milliseconds, 0 or more, but was " + value, cause);
    }

    /** {@code endpoint} as the URL of the traces signal: {@value #TRACES_PATH} added when it has no path. */
    static String tracesUrl(String endpoint) {
        URI uri = URI.create(endpoint);
        if (uri.getHost() == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
            throw new IllegalArgumentException("the OTLP endpoint must be an http or https URL but was " + endpoint);
        }
        String path = uri.getRawPath();
        return path == null || path.isEmpty() || "/".equals(path)
                ? endpoint.replaceAll("/$", "") + TRACES_PATH : endpoint;
    }

    @Override
    public CallTrace start(String traceparent, String tracestate) {
        TraceParent parent = TraceParent.parse(traceparent);
        SpanBuilder server = tracer.spanBuilder("call").setSpanKind(SpanKind.SERVER)
                .setAttribute(OtlpCallTrace.RPC_SYSTEM, OtlpCallTrace.SOAP);
        if (parent == null) {
            server.setNoParent();
        } else {
            server.setParent(Context.root().with(Span.wrap(SpanContext.createFromRemoteParent(parent.traceId(),
                    parent.parentId(), parent.sampled() ? TraceFlags.getSampled() : TraceFlags.getDefault(),
                    TraceState.getDefault()))));
        }
        Span span = server.startSpan();
        String state = parent == null ? null : TraceParent.forwardableState(tracestate);
        if (!span.isRecording()) {
            SpanContext unsampled = span.getSpanContext();
            return new UnrecordedTrace(unsampled.getTraceId(),
                    TraceParent.format(unsampled.getTraceId(), unsampled.getSpanId(), false), state);
        }
        return new OtlpCallTrace(tracer, span, state);
    }

    /** Exports what is buffered (waiting up to ten seconds) and stops the exporter's thread. */
    @Override
    public void close() {
        provider.shutdown().join(10, TimeUnit.SECONDS);
    }
}
