package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.discovery.DiscoveryLimits;
import org.servicedomain.node.discovery.DiscoveryMessage;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.node.discovery.DiscoveryReader;
import org.servicedomain.node.discovery.DiscoveryVersion;
import org.servicedomain.node.discovery.DiscoveryWriter;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Probes that would turn a real node on loopback into a reflector and amplifier (issue 27, item 7):
 * sent straight to its address, multicast with a wide match over three virtual ports, and flooded
 * from one source, while other sources and clients keep being served.
 */
class ProbeReflectionTest {

    private static final int ANSWERS_PER_SECOND = 5;
    private static final int MAX_ANSWER_BYTES = 1300;

    @TempDir
    Path dataDir;

    private final LoopbackDiscovery discovery = LoopbackDiscovery.onFreePort();
    private final DiscoveryWriter writer = new DiscoveryWriter();
    private RunningNode node;
    private ProviderFleet providers;

    @BeforeEach
    void adHocNodeWithThreeVirtualPorts() throws Exception {
        providers = ProviderFleet.stockQuotes("quote");
        providers.start(ProviderOptions.of(SampleService.CREDITCHECK, "credit"));
        providers.start(ProviderOptions.of(SampleService.BLAST, "blast"));
        node = RunningNode.start(dataDir);
        for (String name : List.of("quote", "credit", "blast")) {
            new DomainSetup(node.home()).provider(providers.named(name), null);
        }
        node.startDiscovery(discovery.node(DiscoveryMode.ADHOC).withLimits(DiscoveryLimits.DEFAULT
                .withAnswersPerSecond(ANSWERS_PER_SECOND).withMaxAnswerBytes(MAX_ANSWER_BYTES)));
        await().atMost(Duration.ofSeconds(5)).until(() -> discovery.firstAnswerFrom("127.0.0.9", probeForEverything(),
                Duration.ofMillis(500)) != null);
    }

    @AfterEach
    void stop() {
        node.close();
        providers.close();
    }

    /** A Probe for every port type, of a message id of its own. */
    private byte[] probeForEverything() {
        return writer.write(DiscoveryMessage.probe(DiscoveryVersion.V11, SoapVersion.SOAP_12, List.of(), List.of(), null));
    }

    private void assertStillServing() {
        assertThat(StockQuoteCalls.getQuote(node.virtualPortAddress("StockQuotePortType"), "IBM").status())
                .as("a client of the virtual port is still served").isEqualTo(200);
    }

    @Test
    void aProbeSentStraightToTheNodesAddressIsNotAnswered() {
        assertThat(discovery.unicastExchange(probeForEverything(), Duration.ofMillis(700))).isEmpty();

        assertThat(discovery.firstAnswerFrom("127.0.0.1", probeForEverything(), Duration.ofSeconds(5)))
                .as("the same Probe multicast to the group is answered").isNotNull();
        assertStillServing();
    }

    @Test
    void aMulticastProbeIsAnsweredOnceWithinTheLargestAnswer() {
        List<byte[]> answers = discovery.exchange(probeForEverything(), 1, Duration.ofMillis(700));

        assertThat(answers).hasSize(1);
        assertThat(answers.get(0).length).isLessThanOrEqualTo(MAX_ANSWER_BYTES);
        assertThat(new DiscoveryReader().read(answers.get(0)).endpoints()).isNotEmpty().hasSizeLessThan(3);
        assertStillServing();
    }

    @Test
    void aFloodOfProbesFromOneSourceDrawsOnlyItsBudgetWhileOthersAreStillServed() {
        List<byte[]> flood = IntStream.range(0, 100).mapToObj(i -> probeForEverything()).toList();

        List<byte[]> answers = discovery.exchangeFrom("127.0.0.2", flood, Duration.ofMillis(500));

        assertThat(answers).as("a burst of the budget, and what the half second earns").isNotEmpty()
                .hasSizeLessThanOrEqualTo(2 * ANSWERS_PER_SECOND);
        assertThat(discovery.firstAnswerFrom("127.0.0.3", probeForEverything(), Duration.ofSeconds(5)))
                .as("another source is still answered").isNotNull();
        assertStillServing();
    }
}
