package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.DiscoveryProbe;
import org.servicedomain.client.discovery.Target;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.DiscoveryNodes;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Two nodes answer Probe and Resolve for their virtual ports by multicast on loopback (node A in
 * the sales scope, managed, so also by HTTP; node B in the hr scope, ad hoc), in the protocol
 * version and SOAP envelope they were asked in.
 */
class ProbeAnswersTest {

    private static final String SALES = "http://example.org/sd/sales";
    private static final String HR = "http://example.org/sd/hr";
    private static final QName QUOTE = DiscoveryNodes.QUOTE;
    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

    @TempDir
    Path dirA;
    @TempDir
    Path dirB;

    private DiscoveryNodes nodes;
    private LoopbackDiscovery discovery;
    private RunningNode nodeA;
    private RunningNode nodeB;
    private ProviderFleet providers;

    @BeforeEach
    void salesNodeWithQuoteAndCreditCheckAndHrNodeWithQuote() throws Exception {
        nodes = DiscoveryNodes.withStockQuotes("quote-a", "quote-b");
        discovery = nodes.discovery();
        providers = nodes.providers();
        providers.start(ProviderOptions.of(SampleService.CREDITCHECK, "credit-a"));
        nodeA = nodes.node(dirA, "quote-a", "credit-a");
        nodeB = nodes.node(dirB, "quote-b");
        nodeA.startDiscovery(discovery.node(DiscoveryMode.MANAGED, SALES));
        nodeB.startDiscovery(discovery.node(DiscoveryMode.ADHOC, HR));
    }

    @AfterEach
    void stop() {
        nodes.close();
    }

    private DiscoveryProbe multicastProbe(WsDiscoveryVersion version) {
        return nodes.multicastProbe(Duration.ofMillis(700), version);
    }

    private static List<String> addresses(List<Target> targets) {
        List<String> addresses = new ArrayList<>();
        targets.forEach(t -> addresses.addAll(t.xaddrs()));
        return addresses;
    }

    private static String port(RunningNode node, String name) {
        return DiscoveryNodes.announcedPort(node, name);
    }

    @Test
    void aProbeWithScopesFindsExactlyTheMatchingVirtualPorts() throws Exception {
        DiscoveryProbe probe = multicastProbe(WsDiscoveryVersion.V11);

        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(addresses(probe.probe(List.of(QUOTE), List.of())))
                .containsExactlyInAnyOrder(port(nodeA, "StockQuotePortType"), port(nodeB, "StockQuotePortType")));
        assertThat(addresses(probe.probe(List.of(QUOTE), List.of(SALES))))
                .containsExactly(port(nodeA, "StockQuotePortType"));
        assertThat(addresses(probe.probe(List.of(), List.of(SALES)))).containsExactlyInAnyOrder(
                port(nodeA, "StockQuotePortType"), port(nodeA, "CreditCheckPortType"));
        assertThat(addresses(probe.probe(List.of(QUOTE), List.of(HR)))).containsExactly(port(nodeB, "StockQuotePortType"));
        assertThat(addresses(probe.probe(List.of(QUOTE), List.of("http://example.org/sd/sal")))).isEmpty();
    }

    @Test
    void aResolveByEndpointReferenceFindsThatVirtualPort() throws Exception {
        DiscoveryProbe probe = multicastProbe(WsDiscoveryVersion.V2005);
        await().atMost(Duration.ofSeconds(5)).until(() -> probe.probe(List.of(QUOTE), List.of(HR)).size() == 1);
        Target found = probe.probe(List.of(QUOTE), List.of(HR)).get(0);

        List<Target> resolved = probe.resolve(found.address());

        assertThat(resolved).hasSize(1);
        assertThat(resolved.get(0).xaddrs()).containsExactly(port(nodeB, "StockQuotePortType"));
        assertThat(probe.resolve("urn:uuid:" + UUID.randomUUID())).isEmpty();
    }

    @Test
    void answersEachVersionAndEnvelopeInKindAndTakesPrefixesDeclaredOnTheEnvelope() throws Exception {
        await().atMost(Duration.ofSeconds(5)).until(() -> !multicastProbe(WsDiscoveryVersion.V11)
                .probe(List.of(QUOTE), List.of(SALES)).isEmpty());
        for (WsDiscoveryVersion version : WsDiscoveryVersion.values()) {
            for (String soap : List.of(SOAP11, SOAP12)) {
                List<byte[]> answers = ofAction(discovery.exchange(probeWithEnvelopePrefixes(version, soap, newId()), 1,
                        Duration.ofMillis(700)), version, "ProbeMatches");

                assertThat(answers).as(version + " " + soap).isNotEmpty();
                for (byte[] answer : answers) {
                    Document document = parse(answer);
                    assertThat(document.getDocumentElement().getNamespaceURI()).isEqualTo(soap);
                    NodeList matches = document.getElementsByTagNameNS(version.namespace(), "ProbeMatch");
                    assertThat(matches.getLength()).isEqualTo(1);
                    assertThat(text(document, version.addressing(), "Action"))
                            .isEqualTo(version.namespace() + "/ProbeMatches");
                }
            }
        }
    }

    @Test
    void aProbeSentThreeTimesGetsOneAnswerWithOneMatch() throws Exception {
        await().atMost(Duration.ofSeconds(5)).until(() -> !multicastProbe(WsDiscoveryVersion.V11)
                .probe(List.of(QUOTE), List.of(SALES)).isEmpty());

        List<byte[]> answers = ofAction(discovery.exchange(probeWithEnvelopePrefixes(WsDiscoveryVersion.V11, SOAP12,
                newId()), 3, Duration.ofMillis(700)), WsDiscoveryVersion.V11, "ProbeMatches");

        Set<String> answerIds = new HashSet<>();
        Set<String> matched = new HashSet<>();
        for (byte[] answer : answers) {
            Document document = parse(answer);
            answerIds.add(text(document, WsDiscoveryVersion.V11.addressing(), "MessageID"));
            matched.add(text(document, WsDiscoveryVersion.V11.namespace(), "XAddrs"));
        }
        assertThat(answerIds).as("distinct answers (SOAP-over-UDP repeats each one)").hasSize(1);
        assertThat(matched).containsExactly(port(nodeA, "StockQuotePortType"));
    }

    @Test
    void theManagedNodeAnswersProbesAndTakesHellosOverHttp() throws Exception {
        URI proxy = LoopbackDiscovery.proxyOf(nodeA.baseUri());
        DiscoveryProbe httpOnly = new DiscoveryProbe(null, List.of(proxy), Duration.ofSeconds(1), WsDiscoveryVersion.V11);
        await().atMost(Duration.ofSeconds(5)).until(() -> !httpOnly.probe(List.of(QUOTE), List.of()).isEmpty());

        assertThat(addresses(httpOnly.probe(List.of(QUOTE), List.of()))).containsExactly(port(nodeA, "StockQuotePortType"));
        String noSuchType = new String(probeWithEnvelopePrefixes(WsDiscoveryVersion.V2005, SOAP11, newId()),
                StandardCharsets.UTF_8).replace("sq:StockQuotePortType", "sq:NoSuchPortType");
        SoapReply nothing = SoapExchange.post(proxy, "text/xml; charset=UTF-8", null, noSuchType);
        assertThat(nothing.status()).isEqualTo(200);
        assertThat(parse(nothing.body()).getElementsByTagNameNS(WsDiscoveryVersion.V2005.namespace(), "ProbeMatch")
                .getLength()).isZero();
        assertThat(SoapExchange.post(URI.create(nodeB.baseUri() + "/services/discovery"), "text/xml; charset=UTF-8", null,
                "<x/>").status()).as("node B is ad hoc, not a proxy").isEqualTo(404);

        new DomainSetup(nodeA.home()).policy(LoopbackDiscovery.policyAdmitting("<admit networks=\"127.0.0.0/8\"/>"));
        var extra = providers.start(ProviderOptions.of(SampleService.STOCKQUOTE, "quote-http"));
        LoopbackDiscovery.toProxy(nodeA.baseUri()).announce(extra);

        await().atMost(Duration.ofSeconds(5)).until(() -> endpointsOf(nodeA).contains(extra.address().toString()));
        assertThat(StockQuoteCalls.getQuote(nodeA.virtualPortAddress("StockQuotePortType"), "IBM").status()).isEqualTo(200);
    }

    private static List<String> endpointsOf(RunningNode node) throws Exception {
        return node.home().getServiceInfo(new GetServiceInfo()).getInstance().stream()
                .map(InstanceInfo::getEndpointAddress).toList();
    }

    @Test
    void aPortsQualityScopesFollowItsResponseTimesWithAHigherMetadataVersion() throws Exception {
        DiscoveryProbe probe = multicastProbe(WsDiscoveryVersion.V11);
        await().atMost(Duration.ofSeconds(5)).until(() -> probe.probe(List.of(QUOTE), List.of(HR)).size() == 1);
        Target before = probe.probe(List.of(QUOTE), List.of(HR)).get(0);
        providers.named("quote-b").setDelayMs(120);

        for (int i = 0; i < 5; i++) {
            assertThat(StockQuoteCalls.getQuote(nodeB.virtualPortAddress("StockQuotePortType"), "IBM").status()).isEqualTo(200);
        }

        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            Target after = probe.probe(List.of(QUOTE), List.of(HR)).get(0);
            assertThat(after.p95Ms().orElse(0)).isGreaterThanOrEqualTo(120);
            assertThat(after.metadataVersion()).isGreaterThan(before.metadataVersion());
        });
        assertThat(before.load()).isPresent();
    }

    @Test
    void aMalformedMessageToTheProxyIsAnswered400WithItsReasonNotTomcatsErrorPage() throws Exception {
        SoapReply byHttp = SoapExchange.post(LoopbackDiscovery.proxyOf(nodeA.baseUri()),
                "application/soap+xml; charset=UTF-8", null, "<Envelope>not WS-Discovery");

        assertThat(byHttp.status()).isEqualTo(400);
        assertThat(byHttp.contentType()).startsWith("text/plain");
        assertThat(byHttp.text()).startsWith("not a SOAP 1.1 or 1.2 Envelope").doesNotContain("<html");
    }

    /** WS-Discovery's Probe section: a Probe whose MatchBy the target does not support gets the MatchingRuleNotSupported fault. */
    @Test
    void aProbeWithAnUnknownMatchingRuleGetsTheMatchingRuleNotSupportedFaultByHttpAndByUdp() throws Exception {
        await().atMost(Duration.ofSeconds(5)).until(() -> !multicastProbe(WsDiscoveryVersion.V11)
                .probe(List.of(QUOTE), List.of(SALES)).isEmpty());
        WsDiscoveryVersion version = WsDiscoveryVersion.V11;
        String unknownRule = unknownRuleProbe(version);

        SoapReply byHttp = SoapExchange.post(LoopbackDiscovery.proxyOf(nodeA.baseUri()),
                "application/soap+xml; charset=UTF-8", null, unknownRule);

        assertThat(byHttp.status()).isEqualTo(400);
        assertMatchingRuleNotSupported(parse(byHttp.body()), version);

        List<byte[]> byUdp = ofAction(discovery.exchange(unknownRuleProbe(version).getBytes(StandardCharsets.UTF_8), 1,
                Duration.ofMillis(900)), version, "fault");

        assertThat(byUdp).as("a fault from each node").hasSize(2);
        for (byte[] answer : byUdp) {
            assertMatchingRuleNotSupported(parse(answer), version);
        }
    }

    /**
     * WS-Discovery 1.1 managed mode: a discovery proxy answers a multicast Probe with a Hello
     * of its own, relating to the Probe as a suppression, that names it a d:DiscoveryProxy at its HTTP address.
     */
    @Test
    void theManagedNodeAnswersAMulticastProbeWithAHelloOfItsProxyAndTheAdHocNodeDoesNot() throws Exception {
        for (WsDiscoveryVersion version : WsDiscoveryVersion.values()) {
            String probeId = newId();
            List<byte[]> hellos = ofAction(discovery.exchange(probeWithEnvelopePrefixes(version, SOAP12, probeId), 1,
                    Duration.ofMillis(900)), version, "Hello");

            assertThat(hellos).as(version + ": one Hello, from the managed node only").hasSize(1);
            Document hello = parse(hellos.get(0));
            Element relatesTo = (Element) hello.getElementsByTagNameNS(version.addressing(), "RelatesTo").item(0);
            assertThat(relatesTo.getTextContent().trim()).isEqualTo(probeId);
            assertThat(relatesTo.getAttribute("RelationshipType")).isEqualTo(version == WsDiscoveryVersion.V11
                    ? version.namespace() + "/Suppression" : "d:Suppression");
            Element types = (Element) hello.getElementsByTagNameNS(version.namespace(), "Types").item(0);
            String type = types.getTextContent().trim();
            assertThat(type).endsWith(":DiscoveryProxy");
            assertThat(types.lookupNamespaceURI(type.substring(0, type.indexOf(':')))).isEqualTo(version.namespace());
            assertThat(text(hello, version.namespace(), "XAddrs"))
                    .isEqualTo(LoopbackDiscovery.proxyOf(URI.create("http://127.0.0.1:" + nodeA.baseUri().getPort() + "/sd"))
                            .toString());
        }
    }

    /** The answers among {@code answers} whose action is {@code element} of {@code version}. */
    private static List<byte[]> ofAction(List<byte[]> answers, WsDiscoveryVersion version, String element)
            throws Exception {
        List<byte[]> of = new ArrayList<>();
        for (byte[] answer : answers) {
            if ((version.namespace() + "/" + element).equals(text(parse(answer), version.addressing(), "Action"))) {
                of.add(answer);
            }
        }
        return of;
    }

    private static String unknownRuleProbe(WsDiscoveryVersion version) {
        return new String(probeWithEnvelopePrefixes(version, SOAP12, newId()), StandardCharsets.UTF_8)
                .replace("<wsd:Scopes>", "<wsd:Scopes MatchBy=\"urn:example:soundex\">");
    }

    private static void assertMatchingRuleNotSupported(Document fault, WsDiscoveryVersion version) {
        assertThat(text(fault, version.addressing(), "Action")).isEqualTo(version.namespace() + "/fault");
        assertThat(text(fault, SOAP12, "Subcode")).isEqualTo("d:MatchingRuleNotSupported");
        assertThat(text(fault, version.namespace(), "SupportedMatchingRules")).contains(version.namespace() + "/rfc3986");
    }

    private static String newId() {
        return "urn:uuid:" + UUID.randomUUID();
    }

    /** A probe for the stock-quote port type in the sales scope with every prefix declared on the Envelope. */
    private static byte[] probeWithEnvelopePrefixes(WsDiscoveryVersion version, String soap, String messageId) {
        String xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>"
                + "<soap:Envelope xmlns:soap=\"" + soap + "\" xmlns:wsa=\"" + version.addressing() + "\""
                + " xmlns:wsd=\"" + version.namespace() + "\" xmlns:sq=\"urn:sd:samples:stockquote\">"
                + "<soap:Header><wsa:Action>" + version.namespace() + "/Probe</wsa:Action>"
                + "<wsa:MessageID>" + messageId + "</wsa:MessageID><wsa:To>" + version.to() + "</wsa:To></soap:Header>"
                + "<soap:Body><wsd:Probe><wsd:Types>sq:StockQuotePortType</wsd:Types>"
                + "<wsd:Scopes>" + SALES + "</wsd:Scopes></wsd:Probe></soap:Body></soap:Envelope>";
        return xml.getBytes(StandardCharsets.UTF_8);
    }

    private static Document parse(byte[] bytes) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(bytes));
    }

    private static String text(Document document, String namespace, String local) {
        NodeList list = document.getElementsByTagNameNS(namespace, local);
        return list.getLength() == 0 ? null : ((Element) list.item(0)).getTextContent().trim();
    }
}
