package org.servicedomain.node.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceName;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.policy.DiscoveryRule;

/** The intake against a real catalog, with WSDLs from the test resources instead of the network. */
class HelloIntakeTest {

    private static final QName QUOTE = new QName("urn:example:stockquote", "StockQuotePortType");

    @TempDir
    Path dataDir;

    private final AtomicInteger fetches = new AtomicInteger();
    private final AtomicLong nanos = new AtomicLong();
    private Catalog catalog;
    private HelloIntake intake;
    private InetAddress loopback;

    @BeforeEach
    void intakeAdmittingLoopbackInLevelBronzeAtTwoHellosASecond() throws IOException {
        catalog = Catalog.open(new FileCatalogStore(dataDir), location -> {
            fetches.incrementAndGet();
            try (InputStream in = HelloIntakeTest.class.getResourceAsStream("/wsdl/stock-quote-soap11.wsdl")) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        DiscoveryRule rule = new DiscoveryRule(List.of(new DiscoveryRule.Admission(null, Networks.LOOPBACK, "bronze")), 2);
        intake = new HelloIntake(catalog, () -> rule, new TokenBucket(nanos::get));
        loopback = InetAddress.getByName("127.0.0.1");
    }

    private static EndpointDescription hello(int n, long metadataVersion, String... scopes) {
        return new EndpointDescription("urn:uuid:provider-" + n, List.of(QUOTE), List.of(scopes),
                List.of("http://127.0.0.1:" + (9000 + n) + "/quote"), metadataVersion);
    }

    @Test
    void aFloodOfHellosRegistersOnlyWhatTheRateAllows() {
        for (int n = 0; n < 10; n++) {
            intake.hello(hello(n, 1), loopback);
        }

        assertThat(catalog.snapshot().instances()).hasSize(2);
        assertThat(fetches.get()).isEqualTo(2);

        nanos.addAndGet(1_000_000_000L);
        intake.hello(hello(7, 1), loopback);
        assertThat(catalog.snapshot().instances()).hasSize(3);
    }

    @Test
    void filesTheRulesLevelAndMarksTheInstanceWithItsEndpointReferenceAndSource() {
        assertThat(intake.hello(hello(1, 1), loopback)).isTrue();

        Instance instance = catalog.snapshot().instances().iterator().next();
        assertThat(instance.supplierLevels()).containsExactly("bronze");
        assertThat(instance.attributes()).containsOnly(java.util.Map.entry(HelloIntake.ENDPOINT_ATTRIBUTE,
                "urn:uuid:provider-1"), java.util.Map.entry(HelloIntake.SOURCE_ATTRIBUTE, "127.0.0.1"),
                java.util.Map.entry(InstanceName.WSDL_SERVICE, "StockQuoteService"));
        assertThat(instance.wsdlLocation()).isEqualTo("http://127.0.0.1:9001/quote?wsdl");
    }

    @Test
    void aWsdlScopeNamesWhereTheWsdlIsRead() {
        intake.hello(hello(1, 1, "urn:sd:wsdl:http://127.0.0.1:7000/contracts/quote.wsdl"), loopback);

        assertThat(catalog.snapshot().instances().iterator().next().wsdlLocation())
                .isEqualTo("http://127.0.0.1:7000/contracts/quote.wsdl");
    }

    @Test
    void theSameMetadataVersionFetchesNothingAndAHigherOneFetchesAgain() {
        intake.hello(hello(1, 3), loopback);
        nanos.addAndGet(10_000_000_000L);

        assertThat(intake.hello(hello(1, 3), loopback)).isFalse();
        assertThat(intake.hello(hello(1, 2), loopback)).isFalse();
        assertThat(fetches.get()).isEqualTo(1);
        assertThat(intake.hello(hello(1, 4), loopback)).isTrue();
        assertThat(fetches.get()).isEqualTo(2);
        assertThat(catalog.snapshot().instances()).hasSize(1);
    }

    @Test
    void aHelloOfAVirtualPortAndOneFromOutsideTheNetworksRegisterNothing() throws IOException {
        assertThat(intake.hello(hello(1, 1, VirtualPortTargets.VIRTUAL_PORT_SCOPE), loopback)).isFalse();
        assertThat(intake.hello(hello(2, 1), InetAddress.getByName("192.0.2.7"))).isFalse();

        assertThat(catalog.snapshot().instances()).isEmpty();
        assertThat(fetches.get()).isZero();
    }

    @Test
    void aByeFromOutsideTheNetworksRemovesNothing() throws IOException {
        intake.hello(hello(1, 1), loopback);

        intake.bye(hello(1, 1), InetAddress.getByName("192.0.2.7"));
        assertThat(catalog.snapshot().instances()).hasSize(1);
        intake.bye(hello(1, 1), loopback);
        assertThat(catalog.snapshot().instances()).isEmpty();
    }

    @Test
    void helloFromAnotherSourceCannotTakeOverAnAnnouncedEndpoint() throws IOException {
        intake.hello(hello(1, 1), loopback);
        EndpointDescription moved = new EndpointDescription("urn:uuid:provider-1", List.of(QUOTE), List.of(),
                List.of("http://127.0.0.1:9666/quote"), 2);

        assertThat(intake.hello(moved, InetAddress.getByName("127.0.0.2"))).isFalse();
        assertThat(catalog.snapshot().instances()).singleElement()
                .satisfies(i -> assertThat(i.endpointAddress()).isEqualTo("http://127.0.0.1:9001/quote"));
    }

    @Test
    void byeFromAnotherSourceInTheAdmittedNetworkRemovesNothing() throws IOException {
        intake.hello(hello(1, 1), loopback);

        intake.bye(hello(1, 1), InetAddress.getByName("127.0.0.2"));
        assertThat(catalog.snapshot().instances()).hasSize(1);
    }

    @Test
    void aByeOlderThanTheLastHelloOfItsSenderRemovesNothing() {
        intake.hello(hello(1, 1), new AppSequence(3, null, 10), loopback);

        intake.bye(hello(1, 1), new AppSequence(3, null, 9), loopback);
        assertThat(catalog.snapshot().instances()).hasSize(1);
        intake.bye(hello(1, 1), new AppSequence(3, null, 11), loopback);
        assertThat(catalog.snapshot().instances()).isEmpty();
    }

    @Test
    void aHelloTheRuleRefusesLeavesNoSequenceBehind() {
        DiscoveryRule sales = new DiscoveryRule(List.of(new DiscoveryRule.Admission("http://example.org/sales",
                Networks.LOOPBACK, "bronze")), 2);
        HelloIntake scoped = new HelloIntake(catalog, () -> sales, new TokenBucket(nanos::get));

        scoped.hello(hello(1, 1), new AppSequence(Long.MAX_VALUE, null, Long.MAX_VALUE), loopback);
        assertThat(scoped.hello(hello(1, 1, "http://example.org/sales"), new AppSequence(1, null, 1), loopback)).isTrue();
    }
}
