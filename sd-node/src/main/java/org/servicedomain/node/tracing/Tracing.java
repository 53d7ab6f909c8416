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
     * Spans exported to {@code otlpEndpoint} (OTLP over HTTP) under service name {@code serviceName}
     * from the service instance {@code instanceId} (a cluster member's id, else the node's name),
     * or propagation only when the endpoint is null.
     */
    static Tracing of(String otlpEndpoint, String serviceName, String instanceId) {
        return otlpEndpoint == null ? new PropagatingTracing() : new OtlpTracing(otlpEndpoint, serviceName, instanceId);
    }
}
