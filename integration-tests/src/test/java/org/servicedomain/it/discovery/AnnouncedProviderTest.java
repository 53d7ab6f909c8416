package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.Announcer;
import org.servicedomain.client.discovery.Target;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.samples.provider.ProviderAnnouncement;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Providers that announce themselves by multicast Hello on loopback are registered when the
 * policy's discovery rule admits them, served through their virtual port, and removed by their Bye.
 */
class AnnouncedProviderTest {

    private static final String SALES = "http://example.org/sd/sales";
    private static final String CONTROL = "http://example.org/sd/control";

    @TempDir
    Path dataDir;

    private final LoopbackDiscovery discovery = LoopbackDiscovery.onFreePort();
    private final List<Announcer> announcers = new ArrayList<>();
    private RunningNode node;
    private ProviderFleet providers;
    private HttpServer wsdlServer;

    @BeforeEach
    void nodeListeningInAdHocModeAdmittingSalesFromLoopback() throws Exception {
        node = RunningNode.start(dataDir);
        node.startDiscovery(discovery.node(DiscoveryMode.ADHOC));
        new DomainSetup(node.home()).policy(LoopbackDiscovery.policyAdmitting(
                "<admit scope=\"" + SALES + "\" networks=\"127.0.0.0/8\"/>"));
        providers = ProviderFleet.stockQuotes("quote-a", "quote-b");
    }

    @AfterEach
    void stop() {
        announcers.forEach(Announcer::close);
        providers.close();
        node.close();
        if (wsdlServer != null) {
            wsdlServer.stop(0);
        }
    }

    private Announcer announce(SampleProvider provider, String... scopes) throws Exception {
        Announcer announcer = discovery.announcement(scopes).announce(provider);
        announcers.add(announcer);
        return announcer;
    }

    private List<InstanceInfo> instances() throws Exception {
        return node.home().getServiceInfo(new GetServiceInfo()).getInstance();
    }

    private SoapReply quote() {
        return StockQuoteCalls.getQuote(node.virtualPortAddress("StockQuotePortType"), "IBM");
    }

    @Test
    void anAnnouncedProviderIsServedThroughItsVirtualPortWithinOneSecond() throws Exception {
        assertThat(quote().status()).as("no instance yet; the call only loads the request path's classes").isNotEqualTo(200);
        announce(providers.named("quote-a"), SALES + "/eu");

        await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(20))
                .until(() -> quote().status() == 200);
        assertThat(StockQuoteCalls.servedBy(quote())).isEqualTo("quote-a");
    }

    @Test
    void aByeRemovesTheProviderWithoutOneFailedClientRequest() throws Exception {
        Announcer a = announce(providers.named("quote-a"), SALES);
        announce(providers.named("quote-b"), SALES);
        await().atMost(Duration.ofSeconds(5)).until(() -> instances().size() == 2);
        AtomicBoolean calling = new AtomicBoolean(true);
        AtomicInteger calls = new AtomicInteger();
        ExecutorService client = Executors.newSingleThreadExecutor();
        Future<List<String>> failures = client.submit(() -> {
            List<String> failed = new ArrayList<>();
            while (calling.get()) {
                SoapReply reply = quote();
                calls.incrementAndGet();
                if (reply.status() != 200) {
                    failed.add(reply.status() + " " + reply.text());
                }
            }
            return failed;
        });
        await().until(() -> calls.get() > 20);

        a.bye();
        await().atMost(Duration.ofSeconds(5)).until(() -> instances().size() == 1);
        providers.named("quote-a").stop();
        int afterStop = calls.get();
        await().until(() -> calls.get() > afterStop + 20);
        calling.set(false);

        assertThat(failures.get()).isEmpty();
        assertThat(instances()).extracting(InstanceInfo::getEndpointAddress)
                .containsExactly(providers.named("quote-b").address().toString());
        client.shutdown();
    }

    @Test
    void aHigherMetadataVersionReadsTheWsdlAgainAndTheSameOneDoesNot() throws Exception {
        SampleProvider provider = providers.named("quote-a");
        AtomicInteger fetches = countingWsdlOf(provider);
        ProviderAnnouncement announcement = discovery.announcement(SALES, "urn:sd:wsdl:" + wsdlUri());
        Announcer announcer = announcement.announce(provider);
        announcers.add(announcer);
        await().atMost(Duration.ofSeconds(5)).until(() -> instances().size() == 1);
        assertThat(fetches.get()).isEqualTo(1);

        announcer.hello();
        Target target = announcer.target();
        announcer.changed(new Target(target.address(), target.types(), target.scopes(), target.xaddrs(), 0));

        await().atMost(Duration.ofSeconds(5)).until(() -> fetches.get() == 2);
        assertThat(announcer.target().metadataVersion()).isEqualTo(2);
        assertThat(instances()).hasSize(1);
    }

    @Test
    void duplicatedDatagramsGiveOneRegistration() throws Exception {
        SampleProvider provider = providers.named("quote-a");
        AtomicInteger fetches = countingWsdlOf(provider);
        ProviderAnnouncement announcement = discovery.announcement(SALES, "urn:sd:wsdl:" + wsdlUri());
        Announcer announcer = announcement.announce(provider); // each message twice, in both versions
        announcers.add(announcer);
        announcer.hello();
        announcer.hello();
        announce(providers.named("quote-b"), SALES); // a later Hello: once it is filed, the repeats were all handled

        await().atMost(Duration.ofSeconds(5)).until(() -> instances().size() == 2);
        assertThat(fetches.get()).isEqualTo(1);
        assertThat(instances()).extracting(InstanceInfo::getEndpointAddress).containsExactlyInAnyOrder(
                provider.address().toString(), providers.named("quote-b").address().toString());
    }

    @Test
    void hellosOutsideTheAdmittedScopesOrNetworksRegisterNothing() throws Exception {
        announce(providers.named("quote-a"), "http://example.org/sd/hr");
        announce(providers.named("quote-a"), "http://example.org/sd/salesforce");
        SampleProvider third = providers.start(ProviderOptions.of(SampleService.STOCKQUOTE, "quote-c"));
        announce(third);
        announce(providers.named("quote-b"), SALES); // the control: Hellos are taken in order

        await().atMost(Duration.ofSeconds(5)).until(() -> instances().size() == 1);
        assertThat(instances()).extracting(InstanceInfo::getEndpointAddress)
                .containsExactly(providers.named("quote-b").address().toString());

        new DomainSetup(node.home()).policy(LoopbackDiscovery.policyAdmitting(
                "<admit scope=\"" + SALES + "\" networks=\"10.0.0.0/8\"/><admit networks=\"192.168.0.0/16\"/>"
                + "<admit scope=\"" + CONTROL + "\" networks=\"127.0.0.0/8\"/>"));
        SampleProvider fourth = providers.start(ProviderOptions.of(SampleService.STOCKQUOTE, "quote-d"));
        announce(fourth, SALES);
        SampleProvider control = providers.start(ProviderOptions.of(SampleService.STOCKQUOTE, "quote-e"));
        announce(control, CONTROL); // once it is filed, the Hello before it was handled under this policy
        await().atMost(Duration.ofSeconds(5)).until(() -> instances().size() == 2);
        new DomainSetup(node.home()).policy(LoopbackDiscovery.policyAdmitting(
                "<admit scope=\"" + SALES + "\" networks=\"127.0.0.0/8\"/>"));
        announce(third, SALES); // the control under the admitting policy

        await().atMost(Duration.ofSeconds(5)).until(() -> instances().size() == 3);
        assertThat(instances()).extracting(InstanceInfo::getEndpointAddress).containsExactlyInAnyOrder(
                providers.named("quote-b").address().toString(), control.address().toString(), third.address().toString());
    }

    @Test
    void aByeNeverRemovesAnInstanceRegisteredThroughTheHomePort() throws Exception {
        SampleProvider registered = providers.named("quote-a");
        new DomainSetup(node.home()).provider(registered, null);
        Announcer sameEndpoint = announce(registered, SALES);
        sameEndpoint.bye();
        announce(providers.named("quote-b"), SALES); // the control: Hellos and Byes are taken in order

        await().atMost(Duration.ofSeconds(5)).until(() -> instances().size() == 2);
        assertThat(instances()).extracting(InstanceInfo::getEndpointAddress).containsExactlyInAnyOrder(
                registered.address().toString(), providers.named("quote-b").address().toString());
    }

    private URI wsdlUri() {
        return URI.create("http://127.0.0.1:" + wsdlServer.getAddress().getPort() + "/quote.wsdl");
    }

    /** Serves {@code provider}'s WSDL from a server of its own that counts the fetches. */
    private AtomicInteger countingWsdlOf(SampleProvider provider) throws Exception {
        AtomicInteger fetches = new AtomicInteger();
        wsdlServer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        wsdlServer.createContext("/quote.wsdl", exchange -> {
            fetches.incrementAndGet();
            byte[] wsdl;
            try (InputStream in = provider.wsdlAddress().toURL().openStream()) {
                wsdl = in.readAllBytes();
            }
            exchange.getResponseHeaders().add("Content-Type", "text/xml");
            exchange.sendResponseHeaders(200, wsdl.length);
            exchange.getResponseBody().write(wsdl);
            exchange.close();
        });
        wsdlServer.start();
        return fetches;
    }
}
