package org.servicedomain.node.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.RecordingChain;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.session.TestClock;

/**
 * Every call that ends is metered once, as its reply or fault goes back: one record with its
 * caller, operation, outcome and sizes.
 */
class MeteringListenerTest {

    private static final String PORT = "StockQuotePortType";
    private static final Caller JOE = new Caller("session-joe", "joe", "platinum", List.of());

    @TempDir
    Path dataDir;

    private final TestClock clock = new TestClock();

    @Test
    void anAnsweredCallIsMeteredWhenItEndsWithItsCallerOperationInstanceAndSizes() {
        RequestContext request = TestInstances.request().withCaller(JOE);
        try (Metering metering = new Metering(dataDir, clock, 30)) {
            MeteringListener listener = new MeteringListener(metering);
            listener.started(request);
            assertThat(metering.usage(PORT)).as("metered before the reply").isEmpty();

            listener.ended(request, RecordingChain.ANSWER, null, 1_000_000);

            assertThat(metering.usage(PORT)).containsExactly(new Metering.Usage("joe", PORT, 1, 0, request.body().length,
                    RecordingChain.ANSWER.body().length));
        }
        List<Metering.Record> records = written();
        assertThat(records).singleElement().satisfies(r -> {
            assertThat(r.user()).isEqualTo("joe");
            assertThat(r.userLevel()).isEqualTo("platinum");
            assertThat(r.operation()).isEqualTo("GetQuote");
            assertThat(r.instanceId()).isEqualTo(RecordingChain.ANSWER.instanceId());
            assertThat(r.outcome()).isEqualTo("served");
        });
    }

    @Test
    void aProvidersOwnSoapFaultIsMeteredAsAnsweredByTheProvider() {
        ProviderReply soapFault = new ProviderReply(500, "text/xml", "<Fault/>".getBytes(StandardCharsets.UTF_8)).servedBy("b");
        try (Metering metering = new Metering(dataDir, clock, 30)) {
            new MeteringListener(metering).ended(TestInstances.request(), soapFault, null, 1_000_000);

            assertThat(metering.usage(PORT)).extracting(Metering.Usage::failures).containsExactly(0L);
        }
        assertThat(written()).extracting(Metering.Record::outcome, Metering.Record::instanceId)
                .containsExactly(tuple("provider_fault", "b"));
    }

    @Test
    void aRefusalIsMeteredAsAFailureNamedByItsFaultCode() {
        try (Metering metering = new Metering(dataDir, clock, 30)) {
            new MeteringListener(metering).ended(TestInstances.request(), null, FaultCode.NoInstanceAvailable, 1_000_000);

            assertThat(metering.usage(PORT)).extracting(Metering.Usage::user, Metering.Usage::requests, Metering.Usage::failures)
                    .containsExactly(tuple("(anonymous)", 1L, 1L));
        }
        assertThat(written()).extracting(Metering.Record::outcome).containsExactly(FaultCode.NoInstanceAvailable.name());
    }

    /** The records the metering wrote today. */
    private List<Metering.Record> written() {
        try (Stream<Metering.Record> read = MeteringRecords.between(dataDir, clock.instant().minus(Duration.ofHours(1)),
                clock.instant().plus(Duration.ofHours(1)))) {
            return read.toList();
        }
    }
}
