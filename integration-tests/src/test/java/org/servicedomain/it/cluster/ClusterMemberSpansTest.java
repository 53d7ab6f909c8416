package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.OtlpReceiver;
import org.servicedomain.testsupport.OtlpReceiver.ReceivedSpan;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * A cluster member that exports spans names itself in them as the service instance by its member
 * id, so the spans of members that share one node name stay apart (docs/operations.md, "Tracing").
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClusterMemberSpansTest {

    @RegisterExtension
    static final ZooKeeperEnsemble ZOOKEEPER = new ZooKeeperEnsemble(1);
    private static final OtlpReceiver COLLECTOR = OtlpReceiver.start();
    private static final String TRACE_ID = "9bf92f3577b34da6a3ce929d0e0e4736";

    @AfterAll
    static void stopCollector() {
        COLLECTOR.close();
    }

    @Test
    void aMembersSpansCarryItsMemberIdAsTheServiceInstanceId() throws Exception {
        RunningNode member = ZOOKEEPER.startMembers("traced", 1, b -> b.otlpEndpoint(COLLECTOR.endpoint().toString())).get(0);
        try (ProviderFleet providers = ProviderFleet.stockQuotes("quote-a")) {
            new DomainSetup(member.home()).provider(providers.named("quote-a"), null);

            StockQuoteCalls.getQuoteWith(member.virtualPortAddress("StockQuotePortType"), "ACME",
                    Map.of("traceparent", "00-" + TRACE_ID + "-00f067aa0ba902b7-01"));

            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(COLLECTOR.spansOf(TRACE_ID)).isNotEmpty());
        }
        String memberId = member.loadReport().cluster().member();
        assertThat(memberId).isNotEqualTo(member.config().hierarchy().nodeName());
        assertThat(COLLECTOR.spansOf(TRACE_ID)).extracting(s -> s.resourceAttribute("service.instance.id"))
                .containsOnly(memberId);
        assertThat(COLLECTOR.spansOf(TRACE_ID)).extracting(ReceivedSpan::serviceName)
                .containsOnly(member.config().hierarchy().nodeName());
    }
}
