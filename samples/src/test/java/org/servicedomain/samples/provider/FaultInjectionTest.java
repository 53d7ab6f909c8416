package org.servicedomain.samples.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.net.SocketException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.LaunchedProvider;
import org.servicedomain.samples.SoapHttp;
import org.servicedomain.samples.Xml;
import org.servicedomain.samples.stockquote.StockQuotePortType;

class FaultInjectionTest {

    private static final String NS = StockQuotePortType.NAMESPACE;
    private static final String GET_QUOTE = "<q:getQuote xmlns:q='" + NS + "'><q:symbol>ACME</q:symbol></q:getQuote>";
    private static final Duration SHORT = Duration.ofMillis(500);

    private final SoapHttp http = new SoapHttp();
    @RegisterExtension
    final LaunchedProvider launched = new LaunchedProvider();
    private SampleProvider provider;


    private SampleProvider launch(ProviderOptions options) {
        provider = launched.launch(options);
        return provider;
    }

    private SampleProvider launch(String name) {
        return launch(ProviderOptions.of(SampleService.STOCKQUOTE, name));
    }

    private HttpResponse<String> getQuote() throws IOException, InterruptedException {
        return http.post11(provider.address(), StockQuotePortType.GET_QUOTE_ACTION, GET_QUOTE);
    }

    private HttpRequest getQuoteRequest(Duration timeout) {
        return SoapHttp.soap11(provider.address(), StockQuotePortType.GET_QUOTE_ACTION, GET_QUOTE, timeout);
    }

    @Test
    void noFaultModeServesAndCountsTheRequest() throws Exception {
        launch("plain");

        assertThat(provider.faultMode()).isEqualTo(FaultMode.NONE);
        assertThat(getQuote().statusCode()).isEqualTo(200);
        assertThat(provider.requestsReceived()).isEqualTo(1);
        assertThat(provider.requestsServed()).isEqualTo(1);
    }

    @Test
    void http500PlainAnswersStatus500WithAPlainTextBodyAndNoSoapEnvelope() throws Exception {
        launch("plain-500").setFaultMode(FaultMode.HTTP_500_PLAIN);

        HttpResponse<String> response = getQuote();

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(ct -> assertThat(ct).startsWith("text/plain"));
        assertThat(response.body()).contains("plain-500").doesNotContain("Envelope");
        assertThat(provider.requestsReceived()).isEqualTo(1);
        assertThat(provider.requestsServed()).isZero();
    }

    @Test
    void soapFaultModeAnswersTheProvidersOwnSoap11Fault() throws Exception {
        launch("faulty").setFaultMode(FaultMode.SOAP_FAULT);

        HttpResponse<String> response = getQuote();

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(ct -> assertThat(ct).startsWith("text/xml"));
        Xml fault = Xml.parse(response.body());
        assertThat(fault.root().getNamespaceURI()).isEqualTo(SoapHttp.SOAP11_NS);
        assertThat(fault.element(SoapHttp.SOAP11_NS, "Fault")).isNotNull();
        assertThat(fault.text("", "faultcode")).isEqualTo("soap:Server");
        assertThat(fault.text("", "faultstring")).isEqualTo("injected fault from faulty");
    }

    @Test
    void soapFaultModeSpeaksSoap12OnASoap12Provider() throws Exception {
        launch(ProviderOptions.builder(SampleService.STOCKQUOTE, "faulty-12").soap12(true).build())
                .setFaultMode(FaultMode.SOAP_FAULT);

        HttpResponse<String> response = http.post12(provider.address(), StockQuotePortType.GET_QUOTE_ACTION, GET_QUOTE);

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(ct -> assertThat(ct).startsWith("application/soap+xml"));
        Xml fault = Xml.parse(response.body());
        assertThat(fault.element(SoapHttp.SOAP12_NS, "Fault")).isNotNull();
        assertThat(fault.text(SoapHttp.SOAP12_NS, "Value")).isEqualTo("env:Receiver");
        assertThat(fault.text(SoapHttp.SOAP12_NS, "Text")).isEqualTo("injected fault from faulty-12");
    }

    @Test
    void hangHoldsTheRequestSoTheCallerTimesOut() {
        launch("hanging").setFaultMode(FaultMode.HANG);

        assertThatThrownBy(() -> http.send(getQuoteRequest(SHORT))).isInstanceOf(HttpTimeoutException.class);
        assertThat(provider.requestsReceived()).isEqualTo(1);
        assertThat(provider.requestsServed()).isZero();
    }

    @Test
    void hangReleasesHeldRequestsUnderTheNewModeWhenTheModeChanges() throws Exception {
        launch("unhanging").setFaultMode(FaultMode.HANG);
        CompletableFuture<HttpResponse<String>> held = http.sendAsync(getQuoteRequest(SoapHttp.TIMEOUT));
        await().until(() -> provider.requestsReceived() == 1);
        assertThat(held).isNotDone();

        provider.setFaultMode(FaultMode.NONE);

        HttpResponse<String> response = held.get();
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(Xml.parse(response.body()).text(NS, "provider")).isEqualTo("unhanging");
    }

    @Test
    void stoppingReleasesHeldRequests() throws Exception {
        launch("stopping").setFaultMode(FaultMode.HANG);
        CompletableFuture<HttpResponse<String>> held = http.sendAsync(getQuoteRequest(SoapHttp.TIMEOUT));
        await().until(() -> provider.requestsReceived() == 1);

        provider.stop();

        await().until(held::isDone);
        try {
            assertThat(held.get().statusCode()).isEqualTo(503);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(IOException.class).isNotInstanceOf(HttpTimeoutException.class);
        }
    }

    @Test
    void resetClosesTheConnectionWithoutAnyResponse() {
        launch("resetting").setFaultMode(FaultMode.RESET);

        assertThatThrownBy(() -> http.send(getQuoteRequest(SoapHttp.TIMEOUT)))
                .isInstanceOf(IOException.class)
                .isNotInstanceOf(HttpTimeoutException.class);
        assertThat(provider.requestsReceived()).isEqualTo(1);
        assertThat(provider.requestsServed()).isZero();
    }

    @Test
    void resetIsATcpResetNotAnOrderlyClose() throws Exception {
        launch("rst").setFaultMode(FaultMode.RESET);
        byte[] body = ("<soap:Envelope xmlns:soap='" + SoapHttp.SOAP11_NS + "'><soap:Body>" + GET_QUOTE
                + "</soap:Body></soap:Envelope>").getBytes(StandardCharsets.UTF_8);
        String head = "POST /stockquote HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                + "SOAPAction: \"" + StockQuotePortType.GET_QUOTE_ACTION + "\"\r\nContent-Length: " + body.length + "\r\n\r\n";

        try (Socket socket = new Socket("localhost", provider.port())) {
            socket.setSoTimeout((int) SoapHttp.TIMEOUT.toMillis());
            // One write: the provider resets as soon as it sees the request, so a second write could meet the reset.
            byte[] request = new byte[head.length() + body.length];
            System.arraycopy(head.getBytes(StandardCharsets.US_ASCII), 0, request, 0, head.length());
            System.arraycopy(body, 0, request, head.length(), body.length);
            OutputStream out = socket.getOutputStream();
            out.write(request);
            out.flush();
            InputStream in = socket.getInputStream();

            assertThatThrownBy(in::read).isInstanceOf(SocketException.class).hasMessageContaining("reset");
        }
    }

    @Test
    void faultsApplyToSoapRequestsOnlyNotToTheWsdl() throws Exception {
        launch("wsdl-while-hanging").setFaultMode(FaultMode.HANG);

        HttpResponse<String> wsdl = http.get(provider.wsdlAddress());

        assertThat(wsdl.statusCode()).isEqualTo(200);
        assertThat(wsdl.body()).contains("StockQuoteService");
        assertThat(provider.requestsReceived()).isZero();
    }

    @Test
    void providerServesNormallyAgainWhenTheFaultModeIsCleared() throws Exception {
        launch("recovering").setFaultMode(FaultMode.HTTP_500_PLAIN);
        assertThat(getQuote().statusCode()).isEqualTo(500);

        provider.setFaultMode(FaultMode.NONE);

        assertThat(getQuote().statusCode()).isEqualTo(200);
        assertThat(provider.requestsReceived()).isEqualTo(2);
        assertThat(provider.requestsServed()).isEqualTo(1);
    }

    @Test
    void failRateOneFailsEveryRequestWithPlainHttp500() throws Exception {
        launch(ProviderOptions.builder(SampleService.STOCKQUOTE, "always-failing").failRate(1).build());

        for (int i = 0; i < 3; i++) {
            HttpResponse<String> response = getQuote();
            assertThat(response.statusCode()).isEqualTo(500);
            assertThat(response.body()).contains("always-failing").doesNotContain("Envelope");
        }
        assertThat(provider.requestsServed()).isZero();
    }

    @Test
    void failRateFailsTheRequestsWhoseRandomDrawFallsBelowIt() throws Exception {
        RandomGenerator draws = new ScriptedRandom(0.1, 0.9, 0.4, 0.6);
        provider = new SampleProvider(
                ProviderOptions.builder(SampleService.STOCKQUOTE, "half-failing").failRate(0.5).build(), draws);
        provider.start();

        assertThat(getQuote().statusCode()).isEqualTo(500);
        assertThat(getQuote().statusCode()).isEqualTo(200);
        assertThat(getQuote().statusCode()).isEqualTo(500);
        assertThat(getQuote().statusCode()).isEqualTo(200);
        assertThat(provider.requestsServed()).isEqualTo(2);
    }

    @Test
    void delayHoldsAnswersUntilItIsLiftedAtRuntime() throws Exception {
        launch(ProviderOptions.builder(SampleService.STOCKQUOTE, "slow").delayMs(60_000).build());
        assertThat(provider.delayMs()).isEqualTo(60_000);

        assertThatThrownBy(() -> http.send(getQuoteRequest(SHORT))).isInstanceOf(HttpTimeoutException.class);

        provider.setDelayMs(0);
        assertThat(getQuote().statusCode()).isEqualTo(200);
    }

    @Test
    void delayCanBeSetAtRuntime() {
        launch("slowed");

        provider.setDelayMs(60_000);

        assertThatThrownBy(() -> http.send(getQuoteRequest(SHORT))).isInstanceOf(HttpTimeoutException.class);
    }

    @Test
    void countsTheRequestsQueuedForAWorkerBySymbolAndShowsThemOverHttp() throws Exception {
        launch(ProviderOptions.builder(SampleService.STOCKQUOTE, "one-worker").workers(1).delayMs(300).build());
        CompletableFuture<HttpResponse<String>> first = http.sendAsync(quoteFor("FIRST"));
        await().atMost(Duration.ofSeconds(10)).until(() -> provider.requestsReceived() == 1);

        CompletableFuture<HttpResponse<String>> second = http.sendAsync(quoteFor("SECOND"));
        await().atMost(Duration.ofSeconds(10)).until(() -> provider.waitingForWorker() == 1);
        assertThat(first.get().statusCode()).isEqualTo(200);
        assertThat(second.get().statusCode()).isEqualTo(200);

        // counted once the service has read the request and answered, as the worker is given back
        await().atMost(Duration.ofSeconds(10)).until(() -> !provider.queuedForWorker().isEmpty());
        assertThat(provider.queuedForWorker()).containsExactly(java.util.Map.entry("SECOND", 1L));
        assertThat(http.get(provider.address().resolve("/provider/waits")).body()).startsWith("SECOND 1 1 ").endsWith("\n");
    }

    private HttpRequest quoteFor(String symbol) {
        return SoapHttp.soap11(provider.address(), StockQuotePortType.GET_QUOTE_ACTION,
                GET_QUOTE.replace("ACME", symbol), SoapHttp.TIMEOUT);
    }

    @Test
    void stoppedProviderRefusesConnections() {
        launch("gone").stop();

        assertThatThrownBy(this::getQuote).isInstanceOf(ConnectException.class);
    }

    /** Returns the given doubles in turn, so a test decides which requests the fail rate hits. */
    private static final class ScriptedRandom implements RandomGenerator {
        private final double[] values;
        private int next;

        ScriptedRandom(double... values) {
            this.values = values;
        }

        @Override
        public double nextDouble() {
            return values[next++ % values.length];
        }

        @Override
        public long nextLong() {
            throw new UnsupportedOperationException("only nextDouble is scripted");
        }
    }
}
