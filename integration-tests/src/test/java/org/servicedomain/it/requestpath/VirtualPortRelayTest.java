package org.servicedomain.it.requestpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The relay ({@code --relay-port}) speaks HTTP/1.1 as Tomcat's entry does: the same answers and
 * faults, the port's WSDL at its own address, requests on one connection answered in order, a
 * body that is too large or too slow refused with a fault and the connection closed, and an idle
 * connection closed after the idle timeout.
 */
class VirtualPortRelayTest {

    private static final String PORT = "StockQuotePortType";
    private static final long MAX_MESSAGE_BYTES = 64 * 1024;
    private static final Duration IDLE = Duration.ofSeconds(1);

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("only")
            .configured(config -> config.maxMessageBytes(MAX_MESSAGE_BYTES).bodyTimeout(Duration.ofSeconds(1))
                    .relayIdleTimeout(IDLE));

    private URI relayed;

    @BeforeEach
    void oneProviderRegistered() throws Exception {
        Registrations.register(domain.node().home(), domain.provider("only"));
        relayed = domain.node().relayedPortAddress(PORT);
    }

    @Test
    void answersWhatTheProviderAnswersAsTomcatsEntryDoes() {
        SoapReply viaRelay = StockQuoteCalls.getQuote(relayed, "ACME");
        SoapReply viaTomcat = StockQuoteCalls.getQuote(domain.node().virtualPortAddress(PORT), "ACME");

        assertThat(viaRelay.status()).as(viaRelay.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(viaRelay)).isEqualTo("only");
        assertThat(viaRelay.contentType()).isEqualTo(viaTomcat.contentType());
        assertThat(viaRelay.firstText(StockQuoteCalls.NS, "symbol")).contains("ACME");
    }

    @Test
    void anUnknownVirtualPortIsAFaultWithItsCode() {
        SoapReply reply = StockQuoteCalls.getQuote(domain.node().relayedPortAddress("NoSuchPort"), "ACME");

        assertThat(reply.status()).isEqualTo(500);
        assertThat(reply.faultCode()).contains("UnknownVirtualPort");
    }

    @Test
    void servesThePortsWsdlWithTheRelaysAddress() {
        SoapReply wsdl = SoapExchange.get(URI.create(relayed + "?wsdl"));

        assertThat(wsdl.status()).isEqualTo(200);
        assertThat(wsdl.text()).contains("location=\"" + relayed + "\"")
                .doesNotContain(domain.provider("only").address().toString());
    }

    @Test
    void answersRequestsSentTogetherOnOneConnectionInOrder() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", relayed.getPort())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write((request("FIRST") + request("SECOND") + request("THIRD")).getBytes(StandardCharsets.UTF_8));
            out.flush();

            String answers = readAnswers(socket.getInputStream(), 3);

            assertThat(answers.indexOf("FIRST")).isPositive().isLessThan(answers.indexOf("SECOND"));
            assertThat(answers.indexOf("SECOND")).isLessThan(answers.indexOf("THIRD"));
        }
    }

    @Test
    void aHeadRequestIsAnsweredWithAHeadOnlySoTheNextAnswerOnTheConnectionStaysInStep() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", relayed.getPort())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("HEAD " + relayed.getPath() + " HTTP/1.1\r\nHost: localhost\r\n\r\n" + request("AFTER"))
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();

            String answers = readUntil(socket.getInputStream(), "AFTER");

            assertThat(answers).startsWith("HTTP/1.1 405 ");
            assertThat(answers.substring(answers.indexOf("\r\n\r\n") + 4)).startsWith("HTTP/1.1 200 ");
        }
    }

    @Test
    void aBodyLargerThanItsFirstBufferArrivesWhole() {
        String symbol = "L".repeat(60 * 1024);

        SoapReply reply = StockQuoteCalls.getQuote(relayed, symbol);

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(reply.firstText(StockQuoteCalls.NS, "symbol")).contains(symbol);
    }

    @Test
    void refusesABodyOverTheMessageLimitAndClosesTheConnection() throws IOException {
        SampleProvider only = domain.provider("only");
        long received = only.requestsReceived();
        String envelope = SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody("X".repeat((int) MAX_MESSAGE_BYTES)));

        SoapReply reply = SoapExchange.post(relayed, "text/xml; charset=UTF-8", StockQuoteCalls.GET_QUOTE_ACTION, envelope);

        assertThat(reply.faultCode()).contains("BadRequest");
        assertThat(reply.firstText("", "faultstring").orElseThrow()).contains("the limit is " + MAX_MESSAGE_BYTES);
        assertThat(only.requestsReceived()).isEqualTo(received);
        assertThat(StockQuoteCalls.getQuote(relayed, "ACME").status()).as("the relay serves on").isEqualTo(200);
    }

    @Test
    void refusesABodyThatDoesNotArriveWithinTheBodyTimeout() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", relayed.getPort())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + relayed.getPath() + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/xml\r\n"
                    + "Content-Length: 500\r\n\r\n<s:Envelope").getBytes(StandardCharsets.UTF_8));
            out.flush();

            String answer = readToEnd(socket.getInputStream());

            assertThat(answer).startsWith("HTTP/1.1 500").contains("BadRequest").contains("did not arrive within 1000 ms")
                    .containsIgnoringCase("connection: close");
        }
    }

    @Test
    void closesAConnectionIdleForTheIdleTimeoutButNotOneWaitingForItsAnswer() throws IOException {
        domain.provider("only").setDelayMs(IDLE.toMillis() * 2);
        try (Socket socket = new Socket("127.0.0.1", relayed.getPort())) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(request("SLOW").getBytes(StandardCharsets.UTF_8));

            String answer = readAnswers(socket.getInputStream(), 1);
            int next = socket.getInputStream().read(); // the socket's read timeout (30 s) fails the test if it never closes

            assertThat(answer).as("answered after twice the idle timeout").startsWith("HTTP/1.1 200").contains("SLOW");
            assertThat(next).as("then closed by the relay").isEqualTo(-1);
        }
    }

    private String request(String symbol) {
        byte[] body = SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody(symbol)).getBytes(StandardCharsets.UTF_8);
        return "POST " + relayed.getPath() + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                + "SOAPAction: " + StockQuoteCalls.GET_QUOTE_ACTION + "\r\nContent-Length: " + body.length + "\r\n\r\n"
                + new String(body, StandardCharsets.UTF_8);
    }

    /** Reads until {@code text} has arrived. */
    private static String readUntil(InputStream in, String text) throws IOException {
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        while (!read.toString(StandardCharsets.UTF_8).contains(text)) {
            int n = in.read(chunk);
            if (n < 0) {
                break;
            }
            read.write(chunk, 0, n);
        }
        return read.toString(StandardCharsets.UTF_8);
    }

    /** Reads until {@code count} answers, each with its Content-Length, have arrived. */
    private static String readAnswers(InputStream in, int count) throws IOException {
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        Pattern length = Pattern.compile("(?i)content-length: (\\d+)\r\n");
        byte[] chunk = new byte[8192];
        while (complete(read.toString(StandardCharsets.UTF_8), length) < count) {
            int n = in.read(chunk);
            if (n < 0) {
                break;
            }
            read.write(chunk, 0, n);
        }
        return read.toString(StandardCharsets.UTF_8);
    }

    private static int complete(String text, Pattern length) {
        int answers = 0;
        int at = 0;
        while (true) {
            int headEnd = text.indexOf("\r\n\r\n", at);
            if (headEnd < 0) {
                return answers;
            }
            Matcher m = length.matcher(text.substring(at, headEnd + 2));
            int bodyLength = m.find() ? Integer.parseInt(m.group(1)) : 0;
            if (text.length() < headEnd + 4 + bodyLength) {
                return answers;
            }
            answers++;
            at = headEnd + 4 + bodyLength;
        }
    }

    private static String readToEnd(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
}
