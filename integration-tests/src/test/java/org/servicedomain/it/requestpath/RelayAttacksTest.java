package org.servicedomain.it.requestpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.PrometheusText;
import org.servicedomain.testsupport.RawHttp;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The relay's attacks of issue 27 (items 1 and 9), each performed on real sockets against a real
 * node, while another client keeps being served: a pipelined body that never completes, connections
 * beyond the caps, a broken chunk in a later piece of a body
 * and a {@code Host} header that carries markup into the WSDL.
 */
class RelayAttacksTest {

    private static final String PORT = "StockQuotePortType";
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(15);
    private static final int PER_SOURCE = 4;
    private static final int OVERALL = 7;

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote")
            .configured(config -> config.bodyTimeout(Duration.ofSeconds(1)).minBodyBytesPerSecond(0)
                    .relayIdleTimeout(Duration.ofSeconds(1)).relayMaxConnections(OVERALL).relayMaxConnectionsPerSource(PER_SOURCE));

    private SampleProvider provider;
    private URI relayed;

    @BeforeEach
    void oneProviderRegistered() throws Exception {
        provider = domain.provider("quote");
        Registrations.register(domain.node().home(), provider);
        relayed = domain.node().relayedPortAddress(PORT);
    }

    @Test
    void aPipelinedRequestWhoseBodyNeverCompletesIsRefusedAtTheBodyTimeout() {
        String envelope = envelope();
        String complete = head("Content-Length: " + envelope.length()) + envelope;
        String neverCompletes = head("Content-Length: " + envelope.length()) + envelope.substring(0, envelope.length() / 2);

        RawHttp.Answer answer = RawHttp.send(relayed, complete + neverCompletes, ANSWER_WITHIN);

        assertThat(answer.text()).as(answer.text()).startsWith("HTTP/1.1 200").contains("BadRequest");
        assertThat(answer.closed()).as("closed once the second body timed out").isTrue();
        assertThat(provider.requestsReceived()).as("only the complete request ran").isEqualTo(1);
        assertServesOthers();
    }

    @Test
    void aBadChunkSizeInALaterChunkIsRefusedAndNeverDispatched() {
        String envelope = envelope();
        int half = envelope.length() / 2;
        String chunks = Integer.toHexString(half) + "\r\n" + envelope.substring(0, half) + "\r\nzz\r\n" + envelope.substring(half)
                + "\r\n0\r\n\r\n";

        RawHttp.Answer answer = RawHttp.send(relayed, head("Transfer-Encoding: chunked") + chunks, ANSWER_WITHIN);

        assertThat(answer.text()).as(answer.text()).contains("BadRequest").contains("malformed");
        assertThat(answer.closed()).as("the connection is closed after the answer").isTrue();
        assertThat(provider.requestsReceived()).as("the broken body never reached the provider").isZero();
        assertServesOthers();
    }

    @Test
    void aHostHeaderCarryingMarkupIsRefusedWithBadRequestAndNeverReachesTheWsdl() {
        String injected = "x\"/><soap:address location=\"http://attacker.example/";

        RawHttp.Answer answer = RawHttp.send(relayed, "GET " + relayed.getPath() + "?wsdl HTTP/1.1\r\nHost: " + injected
                + "\r\n\r\n", ANSWER_WITHIN);

        assertThat(answer.status()).as(answer.text()).isEqualTo(400);
        assertThat(answer.text()).doesNotContain("attacker.example");
        assertThat(answer.closed()).isTrue();
        assertServesOthers();
    }

    @Test
    void aHostHeaderWithANameOrAnIpv6LiteralIsAdvertisedInTheWsdl() {
        RawHttp.Answer named = RawHttp.send(relayed, wsdlRequest("node-1.example.org:8443"), ANSWER_WITHIN);
        RawHttp.Answer literal = RawHttp.send(relayed, wsdlRequest("[::1]:9"), ANSWER_WITHIN);

        assertThat(named.text()).as(named.text()).startsWith("HTTP/1.1 200").contains("location=\"http://node-1.example.org:");
        assertThat(literal.text()).as(literal.text()).startsWith("HTTP/1.1 200").contains("location=\"http://[::1]:");
    }

    @Test
    void connectionsBeyondTheCapsAreClosedAtAcceptWhileOtherSourcesAreServed() throws IOException {
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < PER_SOURCE; i++) {
                held.add(admitted("127.0.0.2"));
            }
            assertClosedAtOnce("127.0.0.2");
            assertServesOthers();
            assertThat(refusedAtTheConnectionCaps()).as("counted in /sd/metrics").isGreaterThanOrEqualTo(1);

            Socket next;
            while (held.size() <= OVERALL && (next = admittedOrClosed("127.0.0.3")) != null) {
                held.add(next); // the other client's pooled connection may hold one place for a while
            }
            assertThat(held).as("closed at accept once the relay holds " + OVERALL).hasSizeLessThanOrEqualTo(OVERALL)
                    .hasSizeGreaterThanOrEqualTo(OVERALL - 1);
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    /** {@code sd_relay_connections_refused_total{cap="connections"}} as the node's {@code /sd/metrics} has it now. */
    private double refusedAtTheConnectionCaps() {
        try {
            HttpResponse<String> scrape = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(domain.node().baseUri()
                    + "/metrics")).timeout(ANSWER_WITHIN).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(scrape.statusCode()).as(scrape.body()).isEqualTo(200);
            return PrometheusText.parse(scrape.body()).sum("sd_relay_connections_refused_total", Map.of("cap", "connections"));
        } catch (IOException e) {
            throw new AssertionError("the node did not answer its metrics scrape", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while scraping the node's metrics", e);
        }
    }

    /** A connection from {@code source} that the relay took: it answers a request on it. */
    private Socket admitted(String source) throws IOException {
        Socket socket = admittedOrClosed(source);
        assertThat(socket).as("a connection from " + source + " within the caps is served").isNotNull();
        return socket;
    }

    /** A connection from {@code source} that answers a request, or null when the relay closed it unanswered. */
    private Socket admittedOrClosed(String source) throws IOException {
        Socket socket = connectFrom(source);
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        try {
            socket.getOutputStream().write("GET /nowhere HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            byte[] chunk = new byte[1024];
            while (!read.toString(StandardCharsets.ISO_8859_1).endsWith("no virtual port at /nowhere\n")) {
                int n = socket.getInputStream().read(chunk);
                if (n < 0) {
                    socket.close();
                    return null;
                }
                read.write(chunk, 0, n);
            }
            return socket;
        } catch (SocketException closed) {
            socket.close();
            return null;
        }
    }

    private void assertClosedAtOnce(String source) throws IOException {
        try (Socket socket = connectFrom(source)) {
            int first;
            try {
                first = socket.getInputStream().read();
            } catch (SocketException reset) {
                first = -1;
            }
            assertThat(first).as("a connection over the cap from " + source + " is closed at accept").isEqualTo(-1);
        }
    }

    private Socket connectFrom(String source) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(InetAddress.getByName(source), 0));
        socket.connect(new InetSocketAddress("127.0.0.1", relayed.getPort()));
        socket.setSoTimeout((int) ANSWER_WITHIN.toMillis());
        return socket;
    }

    private void assertServesOthers() {
        SoapReply reply = StockQuoteCalls.getQuote(relayed, "ACME");
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
    }

    private String wsdlRequest(String host) {
        return "GET " + relayed.getPath() + "?wsdl HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n";
    }

    private String head(String... headers) {
        return "POST " + relayed.getPath() + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/xml; charset=UTF-8\r\nSOAPAction: "
                + StockQuoteCalls.GET_QUOTE_ACTION + "\r\n" + String.join("\r\n", headers) + "\r\n\r\n";
    }

    private static String envelope() {
        return new String(SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody("ACME")).getBytes(StandardCharsets.UTF_8),
                StandardCharsets.ISO_8859_1);
    }
}
