package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.servicedomain.testsupport.LogCapture;
import org.servicedomain.testsupport.ProviderFleet;
import org.slf4j.LoggerFactory;

/**
 * Issue 31, item 7: a sample provider that gets bad input answers a Client fault and logs one line
 * with the cause, not a JAXB or parser stack trace per request.
 */
class QuietProviderLogTest {

    /** CXF logs an unwound request here, at WARN with the stack trace, unless told otherwise. */
    private static final String CXF_CHAIN = "org.apache.cxf.phase.PhaseInterceptorChain";

    private ProviderFleet providers;
    private Logger chain;
    private Level chainLevel;

    @BeforeEach
    void oneProviderWithCxfLoggingAsInProduction() {
        providers = ProviderFleet.stockQuotes("quote-a");
        chain = (Logger) LoggerFactory.getLogger(CXF_CHAIN);
        chainLevel = chain.getLevel();
        chain.setLevel(Level.WARN); // the samples' logback.xml leaves it at org.apache's WARN; the tests' file raises it
    }

    @AfterEach
    void stop() {
        chain.setLevel(chainLevel);
        providers.close();
    }

    @Test
    void badInputIsOneLineWithItsCauseAndNoStackTrace() throws Exception {
        URI provider = providers.get(0).address();
        String unknownElement = "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body>"
                + "<q:getQuote xmlns:q=\"urn:not-the-service\"><symbol>ACME</symbol></q:getQuote></s:Body></s:Envelope>";
        String truncated = "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><oops";

        List<ILoggingEvent> logged;
        try (LogCapture log = LogCapture.start()) {
            assertThat(post(provider, unknownElement)).isEqualTo(500);
            assertThat(post(provider, truncated)).isEqualTo(500);
            logged = log.events();
        }

        assertThat(logged).as("what the provider logged").hasSize(2).allSatisfy(e -> {
            assertThat(e.getThrowableProxy()).as("a stack trace on %s", e.getFormattedMessage()).isNull();
            assertThat(e.getFormattedMessage()).startsWith("provider quote-a refused a bad request: ").doesNotContain("\n");
        });
        assertThat(logged.get(0).getFormattedMessage()).contains("{urn:not-the-service}getQuote");
        assertThat(logged.get(1).getFormattedMessage()).contains("Unexpected end of input");
    }

    private static int post(URI address, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(address).header("Content-Type", "text/xml; charset=utf-8")
                .header("SOAPAction", "\"\"").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
