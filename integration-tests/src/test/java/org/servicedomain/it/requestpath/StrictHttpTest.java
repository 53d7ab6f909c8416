package org.servicedomain.it.requestpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.RawHttp;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.VirtualPortEntry;

/**
 * Both entries refuse malformed or ambiguous HTTP/1.1 before anything reaches a provider, answer
 * with a status and close the connection: the relay is as strict as Tomcat (docs/operations.md,
 * "What the entries refuse"). Both close a connection whose request's head does not arrive within
 * the header timeout, and refuse a body that arrives below the minimum rate.
 */
class StrictHttpTest {

    private static final String PORT = "StockQuotePortType";
    private static final Duration HEADER_TIMEOUT = Duration.ofSeconds(1);
    private static final long MIN_BODY_RATE = 1000;
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(15);

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote")
            .configured(config -> config.headerTimeout(HEADER_TIMEOUT).minBodyBytesPerSecond(MIN_BODY_RATE)
                    .bodyTimeout(Duration.ofSeconds(30)));

    private SampleProvider provider;

    @BeforeEach
    void oneProviderRegistered() throws Exception {
        provider = domain.provider("quote");
        Registrations.register(domain.node().home(), provider);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void servesAWellFormedRawRequest(VirtualPortEntry entry) {
        URI port = entry.address(domain.node(), PORT);
        String envelope = envelope();

        RawHttp.Answer answer = RawHttp.send(port, head(port, "Content-Length: " + envelope.length()) + envelope + head(port,
                "Content-Length: " + envelope.length(), "Connection: close") + envelope, ANSWER_WITHIN);

        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        assertThat(answer.closed()).isTrue();
        assertThat(provider.requestsReceived()).as("both requests served").isEqualTo(2);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void servesAChunkedRequestAndTheOneAfterIt(VirtualPortEntry entry) {
        URI port = entry.address(domain.node(), PORT);
        String envelope = envelope();
        int half = envelope.length() / 2;
        String chunked = Integer.toHexString(half) + ";note=x\r\n" + envelope.substring(0, half) + "\r\n"
                + Integer.toHexString(envelope.length() - half) + "\r\n" + envelope.substring(half) + "\r\n0\r\nX-Trailer: t\r\n\r\n";

        RawHttp.Answer answer = RawHttp.send(port, head(port, "Transfer-Encoding: chunked") + chunked + head(port,
                "Content-Length: " + envelope.length(), "Connection: close") + envelope, ANSWER_WITHIN);

        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        assertThat(answer.text().split("HTTP/1.1 200", -1)).as(answer.text()).hasSize(3);
        assertThat(provider.requestsReceived()).as("both requests served").isEqualTo(2);
    }

    /**
     * A body that hides a second request behind a Content-Length a front proxy might believe. The relay
     * refuses it (400); Tomcat drops the Content-Length, reads the empty chunked body (a BadRequest
     * fault: not XML) and closes, so it never reads the hidden request either.
     */
    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void refusesConflictingContentLengthAndTransferEncoding(VirtualPortEntry entry) {
        URI port = entry.address(domain.node(), PORT);
        String hidden = head(port, "Content-Length: " + envelope().length()) + envelope();
        String chunkedEnd = "0\r\n\r\n";

        RawHttp.Answer answer = RawHttp.send(port, head(port, "Content-Length: " + chunkedEnd.length(),
                "Transfer-Encoding: chunked") + chunkedEnd + hidden, ANSWER_WITHIN);

        if (entry == VirtualPortEntry.RELAY) {
            assertThat(answer.status()).as(answer.text()).isEqualTo(400);
            assertThat(answer.text()).contains("request smuggling");
        } else {
            assertThat(answer.status()).as(answer.text()).isEqualTo(500);
            assertThat(answer.text()).contains("BadRequest").doesNotContain("HTTP/1.1 200");
        }
        assertThat(answer.closed()).as("the connection is closed after the answer").isTrue();
        assertThat(provider.requestsReceived()).as("the hidden request never ran").isZero();
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void refusesDuplicateContentLengthsEvenWhenEqual(VirtualPortEntry entry) {
        URI port = entry.address(domain.node(), PORT);
        String envelope = envelope();

        assertRefused(entry, head(port, "Content-Length: " + envelope.length(), "Content-Length: " + envelope.length())
                + envelope, 400, 400);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void refusesATransferCodingOtherThanChunked(VirtualPortEntry entry) {
        URI port = entry.address(domain.node(), PORT);

        assertRefused(entry, head(port, "Transfer-Encoding: gzip") + envelope(), 501, 501);
    }

    /** Tomcat 10.1 unfolds an obs-fold into a space (RFC 9112 lets a server do either); the relay refuses it. */
    @Test
    void theRelayRefusesObsoleteLineFolding() {
        URI port = VirtualPortEntry.RELAY.address(domain.node(), PORT);
        String envelope = envelope();

        assertRefused(VirtualPortEntry.RELAY, head(port, "X-Folded: first", " second", "Content-Length: " + envelope.length())
                + envelope, -1, 400);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void refusesAControlCharacterInAHeaderName(VirtualPortEntry entry) {
        URI port = entry.address(domain.node(), PORT);
        String envelope = envelope();

        assertRefused(entry, head(port, "X-Bad\u0001Name: value", "Content-Length: " + envelope.length()) + envelope, 400, 400);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void refusesANulInAHeaderValue(VirtualPortEntry entry) {
        URI port = entry.address(domain.node(), PORT);
        String envelope = envelope();

        assertRefused(entry, head(port, "X-Nul: a\u0000b", "Content-Length: " + envelope.length()) + envelope, 400, 400);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void refusesABareCarriageReturnInAHeaderValue(VirtualPortEntry entry) {
        URI port = entry.address(domain.node(), PORT);
        String envelope = envelope();

        assertRefused(entry, head(port, "X-Cr: a\rb", "Content-Length: " + envelope.length()) + envelope, 400, 400);
    }

    /** Tomcat answers a head over its maxHttpRequestHeaderSize with 400 whatever part is too long; the relay says which. */
    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void refusesARequestLineOverTheHeadLimit(VirtualPortEntry entry) {
        URI port = entry.address(domain.node(), PORT);
        String envelope = envelope();
        String request = head(port, "Content-Length: " + envelope.length()) + envelope;

        assertRefused(entry, request.replaceFirst(" HTTP/1.1", "?q=" + "x".repeat(9000) + " HTTP/1.1"), 400, 414);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void refusesHeadersOverTheHeadLimit(VirtualPortEntry entry) {
        URI port = entry.address(domain.node(), PORT);
        String envelope = envelope();

        assertRefused(entry, head(port, "X-Big: " + "x".repeat(9000), "Content-Length: " + envelope.length()) + envelope, 400, 431);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void refusesAnUnsupportedHttpVersion(VirtualPortEntry entry) {
        URI port = entry.address(domain.node(), PORT);
        String envelope = envelope();
        String request = head(port, "Content-Length: " + envelope.length()) + envelope;

        assertRefused(entry, request.replaceFirst("HTTP/1.1", "HTTP/3.0"), 505, 505);
    }

    /** The relay answers 408 before closing; Tomcat closes without an answer. */
    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void closesAConnectionWhoseHeadStopsHalfwayAfterTheHeaderTimeout(VirtualPortEntry entry) {
        URI port = entry.address(domain.node(), PORT);

        RawHttp.Answer answer = RawHttp.send(port, "POST " + port.getPath() + " HTTP/1.1\r\nHost: loc", ANSWER_WITHIN);

        assertThat(answer.closed()).as("closed within " + ANSWER_WITHIN).isTrue();
        assertThat(answer.status()).as(answer.text()).isEqualTo(entry == VirtualPortEntry.RELAY ? 408 : -1);
        assertThat(provider.requestsReceived()).isZero();
    }

    @Test
    void theRelayClosesAConnectionWhoseHeadTricklesPastTheHeaderTimeout() {
        URI port = VirtualPortEntry.RELAY.address(domain.node(), PORT);
        String envelope = envelope();

        RawHttp.Answer answer = RawHttp.trickle(port, "", head(port, "Content-Length: " + envelope.length()), Duration.ofMillis(50),
                ANSWER_WITHIN);

        assertThat(answer.status()).as(answer.text()).isEqualTo(408);
        assertThat(answer.text()).contains("did not arrive within 1000 ms");
        assertThat(answer.closed()).isTrue();
        assertThat(provider.requestsReceived()).isZero();
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void refusesABodyThatTricklesBelowTheMinimumRate(VirtualPortEntry entry) {
        URI port = entry.address(domain.node(), PORT);
        String envelope = envelope();

        RawHttp.Answer answer = RawHttp.trickle(port, head(port, "Content-Length: " + envelope.length()), envelope,
                Duration.ofMillis(50), ANSWER_WITHIN);

        assertThat(answer.text()).as(answer.text()).contains("BadRequest").contains("slower than " + MIN_BODY_RATE + " bytes per second");
        assertThat(provider.requestsReceived()).isZero();
    }

    /** Sends {@code request}; the entry answers {@code tomcat} or {@code relay}, closes, and the provider saw nothing. */
    private void assertRefused(VirtualPortEntry entry, String request, int tomcat, int relay) {
        RawHttp.Answer answer = RawHttp.send(entry.address(domain.node(), PORT), request, ANSWER_WITHIN);

        assertThat(answer.status()).as(answer.text()).isEqualTo(entry == VirtualPortEntry.TOMCAT ? tomcat : relay);
        assertThat(answer.closed()).as("the connection is closed after the answer").isTrue();
        assertThat(provider.requestsReceived()).as("the provider received nothing").isZero();
    }

    private static String head(URI port, String... headers) {
        return "POST " + port.getPath() + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/xml; charset=UTF-8\r\nSOAPAction: "
                + StockQuoteCalls.GET_QUOTE_ACTION + "\r\n" + String.join("\r\n", headers) + "\r\n\r\n";
    }

    private static String envelope() {
        return new String(SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody("ACME")).getBytes(StandardCharsets.UTF_8),
                StandardCharsets.ISO_8859_1);
    }
}
