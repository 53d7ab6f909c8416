package org.servicedomain.node.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reading {@code traceparent} (and repeated trace headers) as W3C Trace Context level 1 says, and the
 * headers the node passes on without an exporter.
 */
class TraceParentTest {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String VALID = "00-" + TRACE_ID + "-00f067aa0ba902b7-01";

    @Test
    void aValidVersion00HeaderIsRead() {
        assertThat(TraceParent.parse(VALID)).isEqualTo(new TraceParent(TRACE_ID, "00f067aa0ba902b7", true));
        assertThat(TraceParent.parse("00-" + TRACE_ID + "-00f067aa0ba902b7-00").sampled()).isFalse();
    }

    @Test
    void aLaterVersionIsReadByItsFirstFourFields() {
        assertThat(TraceParent.parse("cc-" + TRACE_ID + "-00f067aa0ba902b7-09-what-comes-later"))
                .isEqualTo(new TraceParent(TRACE_ID, "00f067aa0ba902b7", true));
        assertThat(TraceParent.parse("cc-" + TRACE_ID + "-00f067aa0ba902b7-01")).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", "00", "00-" + TRACE_ID + "-00f067aa0ba902b7-0",
        "00-" + TRACE_ID + "-00f067aa0ba902b7-01-",
        "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
        "00-" + TRACE_ID + "-00F067AA0BA902B7-01",
        "00-" + TRACE_ID + "-00f067aa0ba902b7-0g",
        "0g-" + TRACE_ID + "-00f067aa0ba902b7-01",
        "ff-" + TRACE_ID + "-00f067aa0ba902b7-01",
        "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
        "00-" + TRACE_ID + "-0000000000000000-01",
        "cc-" + TRACE_ID + "-00f067aa0ba902b7-01.later",
        "00 " + TRACE_ID + " 00f067aa0ba902b7 01",
    })
    void anythingElseIsInvalid(String header) {
        assertThat(TraceParent.parse(header)).isNull();
    }

    @Test
    void aTraceparentSentMoreThanOnceIsNoneEvenWhenTheCopiesAgree() {
        assertThat(TraceHeaders.received(List.of(VALID, VALID).iterator(), List.of("congo=1").iterator()).traceparent())
                .isNull();
        assertThat(TraceHeaders.received(List.of(VALID).iterator(), List.<String>of().iterator()))
                .isEqualTo(new TraceHeaders.Received(VALID, null));
        assertThat(TraceHeaders.received(List.<String>of().iterator(), List.<String>of().iterator()))
                .isEqualTo(TraceHeaders.Received.NONE);
    }

    @Test
    void tracestateLinesAreOneListJoinedByCommasInOrderLeavingOutEmptyOnes() {
        assertThat(TraceHeaders.received(List.of(VALID).iterator(), List.of("congo=1", "", "rojo=2 ").iterator()).tracestate())
                .isEqualTo("congo=1,rojo=2");
        assertThat(TraceHeaders.received(List.of(VALID).iterator(), List.of("congo=1").iterator()).tracestate())
                .isEqualTo("congo=1");
    }

    @Test
    void withoutAnExporterTheCallersTraceIsPassedOnWithANewParentAndItsStateUnchanged() {
        CallTrace trace = new PropagatingTracing().start(VALID, "congo=t61rcWkgMzE");

        assertThat(trace.traceId()).isEqualTo(TRACE_ID);
        assertThat(trace.outgoing().traceparent()).matches("00-" + TRACE_ID + "-[0-9a-f]{16}-01").isNotEqualTo(VALID);
        assertThat(trace.outgoing().tracestate()).isEqualTo("congo=t61rcWkgMzE");
    }

    @Test
    void withoutAnExporterAnInvalidTraceIsReplacedByAnUnsampledOneAndItsStateDropped() {
        CallTrace trace = new PropagatingTracing().start("00-" + TRACE_ID.toUpperCase() + "-00f067aa0ba902b7-01", "congo=1");

        assertThat(trace.traceId()).matches("[0-9a-f]{32}").isNotEqualTo(TRACE_ID);
        assertThat(trace.outgoing().traceparent()).matches("00-" + trace.traceId() + "-[0-9a-f]{16}-00");
        assertThat(trace.outgoing().tracestate()).isNull();
    }

    @Test
    void anEndpointWithoutAPathGetsTheTracesSignalsPath() {
        assertThat(OtlpTracing.tracesUrl("http://collector:4318")).isEqualTo("http://collector:4318/v1/traces");
        assertThat(OtlpTracing.tracesUrl("http://collector:4318/")).isEqualTo("http://collector:4318/v1/traces");
        assertThat(OtlpTracing.tracesUrl("https://collector/otlp/v1/traces")).isEqualTo("https://collector/otlp/v1/traces");
    }
}
