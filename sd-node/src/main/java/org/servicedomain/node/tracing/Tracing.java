package org.servicedomain.node.tracing;

/**
 * Starts the trace of each virtual-port call. Picked once when the node starts: propagation only
 * ({@link PropagatingTracing}) unless an OTLP endpoint is configured ({@link OtlpTracing}), so a
 * request never asks whether tracing is on.
 */
public interface Tracing extends AutoCloseable {

    /**
     * The trace of a call that arrived with these headers (either may be null): joins a valid
     * {@code traceparent}, else starts a new trace and drops {@code tracestate}.
     */
    CallTrace start(String traceparent, String tracestate);

    /** Sends what is still buffered and releases the exporter. */
    @Override
    void close();

    /**
     * Spans exported to {@code config}'s endpoint (OTLP over HTTP) under service name {@code serviceName}
     * from the service instance {@code instanceId} (a cluster member's id, else the node's name), sampled
     * at its ratio; propagation only when it names no endpoint.
     */
    static Tracing of(TracingConfig config, String serviceName, String instanceId) {
        return config.otlpEndpoint() == null ? new PropagatingTracing()
                : new OtlpTracing(config.otlpEndpoint(), serviceName, instanceId, config.sampleRatio());
    }
}
