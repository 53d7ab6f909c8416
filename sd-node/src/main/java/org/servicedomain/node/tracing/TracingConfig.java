package org.servicedomain.node.tracing;

/**
 * How the node traces its calls (docs/operations.md, "Tracing"): where it exports spans, and which share
 * of the traces it starts itself it records. A caller's sampled flag is followed whatever the ratio.
 *
 * @param otlpEndpoint where spans are exported over OTLP/HTTP; null: traces are propagated only, nothing is recorded
 * @param sampleRatio from 0 to 1: the share of calls arriving without a trace (or with an invalid one) whose new
 *     trace is recorded, decided from the trace id; 1 records them all
 */
public record TracingConfig(String otlpEndpoint, double sampleRatio) {

    /** Propagation only; with an endpoint, every call recorded unless its caller did not sample it. */
    public static final TracingConfig DEFAULT = new TracingConfig(null, 1.0);

    public TracingConfig {
        if (otlpEndpoint != null) {
            OtlpTracing.tracesUrl(otlpEndpoint);
        }
        if (!(sampleRatio >= 0 && sampleRatio <= 1)) {
            throw new IllegalArgumentException("the trace sample ratio must be from 0 to 1 but was " + sampleRatio);
        }
    }
}
