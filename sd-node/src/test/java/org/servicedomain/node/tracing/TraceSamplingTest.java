package org.servicedomain.node.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.TestInstances;

/**
 * Which calls a node that exports spans records, as OpenTelemetry's {@code ParentBased(TraceIdRatioBased)}
 * decides: the caller's sampled flag when it sent a trace, else the new trace id against the ratio; and the
 * {@code traceparent} a provider gets says what was decided.
 */
class TraceSamplingTest {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String CALLER_SPAN = "00f067aa0ba902b7";

    private final RecordingExporter exported = new RecordingExporter();

    @Test
    void aCallerWhoSampledItsSpanIsRecordedEvenAtRatioZeroAndTheProviderIsToldSo() {
        TraceParent toProvider;
        try (Tracing tracing = new OtlpTracing(exported, "node", "node", 0.0)) {
            toProvider = oneCall(tracing, TraceParent.format(TRACE_ID, CALLER_SPAN, true));
        }

        assertThat(toProvider.traceId()).isEqualTo(TRACE_ID);
        assertThat(toProvider.sampled()).isTrue();
        assertThat(exported.spans).extracting(SpanData::getTraceId).containsOnly(TRACE_ID).hasSize(2);
        assertThat(exported.spans).extracting(SpanData::getSpanId).as("the provider's parent is a span recorded")
                .contains(toProvider.parentId());
    }

    @Test
    void aCallerWhoDidNotSampleIsNotRecordedEvenAtRatioOneAndTheProviderIsToldSo() {
        TraceParent toProvider;
        try (Tracing tracing = new OtlpTracing(exported, "node", "node", 1.0)) {
            toProvider = oneCall(tracing, TraceParent.format(TRACE_ID, CALLER_SPAN, false));
        }

        assertThat(toProvider.traceId()).isEqualTo(TRACE_ID);
        assertThat(toProvider.parentId()).isNotEqualTo(CALLER_SPAN);
        assertThat(toProvider.sampled()).isFalse();
        assertThat(exported.spans).isEmpty();
    }

    @Test
    void atRatioZeroNoTraceTheNodeStartsIsRecordedYetEachIsPassedOnUnsampled() {
        List<TraceParent> toProviders = new ArrayList<>();
        try (Tracing tracing = new OtlpTracing(exported, "node", "node", 0.0)) {
            for (int i = 0; i < 50; i++) {
                toProviders.add(oneCall(tracing, null));
            }
        }

        assertThat(toProviders).extracting(TraceParent::traceId).doesNotHaveDuplicates();
        assertThat(toProviders).noneMatch(TraceParent::sampled);
        assertThat(exported.spans).isEmpty();
    }

    @Test
    void atRatioOneEveryTraceTheNodeStartsIsRecordedAndPassedOnSampled() {
        List<TraceParent> toProviders = new ArrayList<>();
        try (Tracing tracing = new OtlpTracing(exported, "node", "node", 1.0)) {
            for (int i = 0; i < 50; i++) {
                toProviders.add(oneCall(tracing, null));
            }
        }

        assertThat(toProviders).allMatch(TraceParent::sampled);
        assertThat(exported.traceIds()).isEqualTo(toProviders.stream().map(TraceParent::traceId).collect(Collectors.toSet()));
    }

    @Test
    void inBetweenATraceTheNodeStartsIsRecordedWhenTheLow64BitsOfItsIdFallWithinTheRatio() {
        double ratio = 0.25;
        List<TraceParent> toProviders = new ArrayList<>();
        try (Tracing tracing = new OtlpTracing(exported, "node", "node", ratio)) {
            for (int i = 0; i < 400; i++) {
                toProviders.add(oneCall(tracing, null));
            }
        }

        long bound = (long) (ratio * Long.MAX_VALUE);
        assertThat(toProviders).allSatisfy(sent -> assertThat(sent.sampled()).as(sent.traceId())
                .isEqualTo(Math.abs(Long.parseUnsignedLong(sent.traceId().substring(16), 16)) < bound));
        Set<String> sampled = toProviders.stream().filter(TraceParent::sampled).map(TraceParent::traceId)
                .collect(Collectors.toSet());
        assertThat(exported.traceIds()).isEqualTo(sampled);
        assertThat(sampled).as("about a quarter of 400").hasSizeBetween(50, 150);
    }

    @Test
    void aSampleRatioOutsideZeroToOneIsRefused() {
        assertThatThrownBy(() -> new TracingConfig(null, 1.5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the trace sample ratio must be from 0 to 1 but was 1.5");
        assertThatThrownBy(() -> new TracingConfig(null, -0.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TracingConfig(null, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }

    /** One call answered by its one dispatch attempt; the {@code traceparent} the attempt's request carried. */
    private static TraceParent oneCall(Tracing tracing, String traceparent) {
        CallTrace call = tracing.start(traceparent, null);
        call.operation("StockQuotePortType", "getQuote");
        CallTrace.Attempt attempt = call.attempt(TestInstances.instance("quote-a"), 1);
        TraceParent sent = TraceParent.parse(attempt.traceparent());
        attempt.answered(200);
        call.end(200, null);
        assertThat(sent).as("a valid traceparent is always sent").isNotNull();
        return sent;
    }

    /** Keeps what the batch processor hands over; {@link Tracing#close()} flushes it. */
    private static final class RecordingExporter implements SpanExporter {

        final List<SpanData> spans = new CopyOnWriteArrayList<>();

        Set<String> traceIds() {
            return spans.stream().map(SpanData::getTraceId).collect(Collectors.toSet());
        }

        @Override
        public CompletableResultCode export(Collection<SpanData> batch) {
            spans.addAll(batch);
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }
}
