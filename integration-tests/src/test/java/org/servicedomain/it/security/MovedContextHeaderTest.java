package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.VirtualPortEntry;

/**
 * Issue 27, item 8: the {@code sd:context} proof is bound to the envelope it travels in. Someone on
 * the wire between a parent and its child holds one forwarded call back and sends its header to the
 * child with another body; the child refuses it on either entry, and the parent's genuine calls,
 * which cross the same wire, still get through. The proof is bound to the request too: moved to
 * another virtual port of the child or sent with another {@code SOAPAction}, it is refused, while
 * the very request the parent sent is admitted.
 */
class MovedContextHeaderTest {

    private static final String PORT = "StockQuotePortType";
    private static final String OTHER_PORT = "CreditCheckPortType";
    private static final String XML = "text/xml; charset=UTF-8";

    @TempDir
    Path dir;

    private NodeTree tree;
    private ProviderFleet providers;
    private HttpServer wire;
    private final HttpClient onward = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final AtomicBoolean holdNextCall = new AtomicBoolean();
    private final BlockingQueue<byte[]> held = new LinkedBlockingQueue<>();
    private volatile int childPort;
    private volatile String heldAction;

    @AfterEach
    void stop() {
        if (wire != null) {
            wire.stop(0);
        }
        for (AutoCloseable closeable : new AutoCloseable[] {tree, providers}) {
            if (closeable != null) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    throw new IllegalStateException("could not stop " + closeable, e);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void refusesACapturedContextHeaderMovedToAnotherBodyWhileGenuineCallsGetThrough(VirtualPortEntry entry) throws Exception {
        parentAboveAChildReachedAcrossTheWire(entry);
        URI viaParent = tree.get("parent").virtualPortAddress(PORT);

        SoapReply genuine = StockQuoteCalls.getQuote(viaParent, "IBM");
        assertThat(genuine.status()).as(genuine.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(genuine)).isEqualTo("child-quotes");

        holdNextCall.set(true);
        StockQuoteCalls.getQuote(viaParent, "IBM");
        byte[] captured = held.poll(30, TimeUnit.SECONDS);
        assertThat(captured).as("the parent's call crossed the wire").isNotNull();
        String envelope = new String(captured, StandardCharsets.UTF_8);
        assertThat(envelope).contains("urn:sd:home:1").contains(">IBM<");
        int symbol = envelope.lastIndexOf(">IBM<");
        String swapped = envelope.substring(0, symbol) + ">SAP<" + envelope.substring(symbol + 5);

        SoapReply moved = SoapExchange.post(entry.address(tree.get("child"), PORT), "text/xml; charset=UTF-8",
                StockQuoteCalls.GET_QUOTE_ACTION, swapped.getBytes(StandardCharsets.UTF_8));

        assertThat(moved.faultCode()).as(moved.text()).contains("NotAuthorized");
        assertThat(moved.text()).contains("sd:context").contains("request body");
        SoapReply after = StockQuoteCalls.getQuote(viaParent, "IBM");
        assertThat(after.status()).as(after.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(after)).isEqualTo("child-quotes");
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void refusesACapturedContextHeaderMovedToAnotherPathOrSoapActionWhileTheUntouchedRequestIsAdmitted(VirtualPortEntry entry)
            throws Exception {
        parentAboveAChildReachedAcrossTheWire(entry);
        new DomainSetup(tree.get("child").home()).provider(providers.start(ProviderOptions.of(SampleService.CREDITCHECK,
                "child-credit")), null);
        URI viaParent = tree.get("parent").virtualPortAddress(PORT);

        holdNextCall.set(true);
        StockQuoteCalls.getQuote(viaParent, "IBM");
        byte[] captured = held.poll(30, TimeUnit.SECONDS);
        assertThat(captured).as("the parent's call crossed the wire").isNotNull();
        String action = heldAction;
        assertThat(action).as("the SOAPAction the parent sent").isNotBlank();

        SoapReply otherPath = SoapExchange.post(entry.address(tree.get("child"), OTHER_PORT), XML, action, captured);
        SoapReply otherAction = SoapExchange.post(entry.address(tree.get("child"), PORT), XML,
                "\"" + StockQuoteCalls.NS + "#getQuoteForAnotherAction\"", captured);
        SoapReply noAction = SoapExchange.post(entry.address(tree.get("child"), PORT), XML, null, captured);

        for (SoapReply moved : new SoapReply[] {otherPath, otherAction, noAction}) {
            assertThat(moved.faultCode()).as(moved.text()).contains("NotAuthorized");
            assertThat(moved.text()).contains("sd:context").contains("SOAPAction");
        }
        SoapReply untouched = SoapExchange.post(entry.address(tree.get("child"), PORT), XML, action, captured);
        assertThat(untouched.status()).as(untouched.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(untouched)).isEqualTo("child-quotes");
    }

    /** The child advertises its ports at the wire, which passes calls on to {@code entry} unless told to hold one. */
    private void parentAboveAChildReachedAcrossTheWire(VirtualPortEntry entry) throws Exception {
        wire = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        wire.createContext("/", this::passOnOrHold);
        wire.start();
        providers = ProviderFleet.stockQuotes("child-quotes");
        tree = new NodeTree(dir);
        tree.start("parent");
        tree.start("child", c -> c.publicDataUrl("http://127.0.0.1:" + wire.getAddress().getPort() + "/sd"));
        childPort = entry.address(tree.get("child"), PORT).getPort();
        new DomainSetup(tree.get("child").home()).provider(providers.named("child-quotes"), null);
        tree.attach("child", "parent");
    }

    private void passOnOrHold(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            if ("POST".equals(exchange.getRequestMethod()) && holdNextCall.compareAndSet(true, false)) {
                heldAction = exchange.getRequestHeaders().getFirst("SOAPAction");
                held.add(body);
                exchange.sendResponseHeaders(503, -1);
                return;
            }
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + childPort + exchange.getRequestURI()))
                    .timeout(Duration.ofSeconds(20))
                    .method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(body));
            for (String name : new String[] {"Content-Type", "SOAPAction"}) {
                String value = exchange.getRequestHeaders().getFirst(name);
                if (value != null) {
                    request.header(name, value);
                }
            }
            HttpResponse<byte[]> answer = onward.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            answer.headers().firstValue("Content-Type").ifPresent(type -> exchange.getResponseHeaders().set("Content-Type", type));
            exchange.sendResponseHeaders(answer.statusCode(), answer.body().length == 0 ? -1 : answer.body().length);
            exchange.getResponseBody().write(answer.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted passing a call on", e);
        }
    }
}
