package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.w3c.dom.Element;

/**
 * Every kind of bad request on a virtual port gets a {@code BadRequest} SOAP fault with a clear
 * message, is never forwarded to a provider, and leaves the node serving.
 */
class BadInputTest {

    private static final int MESSAGE_LIMIT = 8 * 1024;

    @TempDir
    static Path dataDir;

    private static RunningNode node;
    private static ProviderFleet providers;
    private static URI port;

    @BeforeAll
    static void startNodeWithSmallMessageLimit() throws Exception {
        node = RunningNode.start(NodeConfig.builder(dataDir).maxMessageBytes(MESSAGE_LIMIT).build());
        providers = ProviderFleet.stockQuotes("quote-a");
        Registrations.register(node.home(), providers.get(0));
        port = node.virtualPortAddress("StockQuotePortType");
    }

    @AfterAll
    static void stop() {
        providers.close();
        node.close();
    }

    private long receivedBefore;

    @BeforeEach
    void countWhatTheProviderReceived() {
        receivedBefore = providers.get(0).requestsReceived();
    }

    @AfterEach
    void nothingBadReachedTheProviderAndTheNodeStillServes() {
        assertThat(providers.get(0).requestsReceived()).isEqualTo(receivedBefore);
        SoapReply reply = StockQuoteCalls.getQuote(port, "ACME");
        assertThat(reply.status()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("quote-a");
        assertThat(providers.get(0).requestsReceived()).isEqualTo(receivedBefore + 1);
    }

    @Test
    void malformedXmlIsABadRequest() {
        assertBadRequest(post("text/xml", "<s:Envelope xmlns:s=\"" + SoapExchange.SOAP11 + "\"><s:Body><unclosed>"),
                "well-formed");
    }

    @Test
    void wrongContentTypeIsABadRequest() {
        assertBadRequest(post("application/json", SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody("ACME"))),
                "content type");
    }

    @Test
    void unknownOperationIsABadRequest() {
        assertBadRequest(post("text/xml", SoapExchange.soap11(null,
                "<q:sellEverything xmlns:q=\"" + StockQuoteCalls.NS + "\"/>")), "no operation");
    }

    @Test
    void messageOverTheConfiguredLimitIsABadRequest() {
        String padding = "x".repeat(MESSAGE_LIMIT);
        assertBadRequest(post("text/xml", SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody(padding))), "limit");
    }

    @Test
    void doctypeWithExternalEntityIsABadRequestAndReadsNoFile() {
        String xxe = "<?xml version=\"1.0\"?><!DOCTYPE s:Envelope [<!ENTITY secret SYSTEM \"file:///etc/hostname\">]>"
                + "<s:Envelope xmlns:s=\"" + SoapExchange.SOAP11 + "\"><s:Body>"
                + StockQuoteCalls.getQuoteBody("&secret;") + "</s:Body></s:Envelope>";
        assertBadRequest(post("text/xml", xxe), "DOCTYPE");
    }

    @Test
    void soap12EnvelopeOnASoap11PortIsABadRequest() {
        assertBadRequest(post("text/xml", SoapExchange.soap12(null, StockQuoteCalls.getQuoteBody("ACME"))), "SOAP 1.2");
    }

    @Test
    void emptyBodyIsABadRequest() {
        assertBadRequest(post("text/xml", SoapExchange.soap11(null, "")), "empty");
    }

    @Test
    void unknownVirtualPortIsRefusedWithItsOwnCode() {
        SoapReply reply = SoapExchange.post(node.virtualPortAddress("NoSuchPort"), "text/xml", null,
                SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody("ACME")));
        assertThat(reply.faultCode()).contains("UnknownVirtualPort");
    }

    @Test
    void malformedXmlOnTheHomePortIsABadRequest() {
        SoapReply reply = SoapExchange.post(node.homeAddress(), "text/xml", null,
                "<s:Envelope xmlns:s=\"" + SoapExchange.SOAP11 + "\"><s:Body><sd:getPolicy xmlns:sd=\"urn:sd:home:1\">");
        assertThat(reply.faultCode()).contains("BadRequest");
        assertThat(faultCodeOf(reply)).isEqualTo(new QName(SoapExchange.SOAP11, "Client"));
    }

    @Test
    void doctypeOnTheHomePortIsABadRequest() {
        SoapReply reply = SoapExchange.post(node.homeAddress(), "text/xml", null,
                "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/hostname\">]>"
                        + "<s:Envelope xmlns:s=\"" + SoapExchange.SOAP11 + "\"><s:Body>"
                        + "<sd:getPolicy xmlns:sd=\"urn:sd:home:1\">&e;</sd:getPolicy></s:Body></s:Envelope>");
        assertThat(reply.faultCode()).contains("BadRequest");
    }

    @Test
    void aRefusalOnTheHomePortBlamesTheClient() {
        SoapReply reply = SoapExchange.post(node.homeAddress(), "text/xml", null, SoapExchange.soap11(null,
                "<sd:unregister xmlns:sd=\"urn:sd:home:1\"><sd:instanceId>nobody</sd:instanceId></sd:unregister>"));
        assertThat(reply.faultCode()).contains("UnknownInstance");
        assertThat(faultCodeOf(reply)).isEqualTo(new QName(SoapExchange.SOAP11, "Client"));
    }

    /** The SOAP 1.1 faultcode as a resolved QName, so a wrong namespace behind a right-looking prefix fails. */
    private static QName faultCodeOf(SoapReply reply) {
        Element faultcode = (Element) reply.parse().getElementsByTagNameNS("", "faultcode").item(0);
        String text = faultcode.getTextContent().trim();
        int colon = text.indexOf(':');
        String prefix = colon < 0 ? null : text.substring(0, colon);
        return new QName(faultcode.lookupNamespaceURI(prefix), text.substring(colon + 1));
    }

    private static SoapReply post(String contentType, String body) {
        return SoapExchange.post(port, contentType, StockQuoteCalls.GET_QUOTE_ACTION, body.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertBadRequest(SoapReply reply, String messageMentions) {
        assertThat(reply.status()).isEqualTo(500);
        assertThat(reply.isSoapFault()).isTrue();
        assertThat(reply.faultCode()).contains("BadRequest");
        assertThat(reply.firstText("", "faultstring").orElseThrow()).containsIgnoringCase(messageMentions);
    }
}
