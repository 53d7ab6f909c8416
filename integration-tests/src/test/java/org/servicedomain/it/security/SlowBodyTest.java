package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Hundreds of anonymous clients that declare a large body and then send it a byte at a time hold
 * no thread of the node: while they are connected, virtual ports, the home port and metrics answer
 * everyone else, and each slow body is refused once it falls below the minimum rate.
 */
class SlowBodyTest {

    private static final int SLOW_TO_VIRTUAL_PORT = 300;
    private static final int SLOW_TO_HOME_PORT = 250;

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote");

    private final List<Socket> slow = new ArrayList<>();

    @AfterEach
    void closeSlowClients() throws IOException {
        for (Socket s : slow) {
            s.close();
        }
    }

    @Test
    void slowBodiesHoldNoThreadAndAreRefusedBelowTheMinimumRate() throws Exception {
        Registrations.register(domain.node().home(), domain.provider("quote"));
        URI port = domain.node().virtualPortAddress("StockQuotePortType");
        for (int i = 0; i < SLOW_TO_VIRTUAL_PORT; i++) {
            slow.add(startSlowBody(port));
        }
        for (int i = 0; i < SLOW_TO_HOME_PORT; i++) {
            slow.add(startSlowBody(domain.node().homeAddress()));
        }

        // bounded so that a node whose threads are all taken fails the test instead of hanging it
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            assertThat(StockQuoteCalls.getQuote(port, "ACME").status()).isEqualTo(200);
            assertThat(SoapExchange.get(URI.create(domain.node().homeAddress() + "?wsdl")).status()).isEqualTo(200);
            assertThat(SoapExchange.get(URI.create(domain.node().baseUri() + "/metrics")).status()).isEqualTo(200);
            assertThat(domain.node().home().getServiceInfo(new GetServiceInfo()).getVirtualPort()).isNotEmpty();
        });
        Socket first = slow.get(0);
        first.setSoTimeout(30_000);
        String refusal = new String(readAll(first.getInputStream()), StandardCharsets.UTF_8);
        assertThat(refusal).contains("BadRequest").contains("bytes per second");
    }

    /** Opens a connection that declares a 100 KB body and sends one byte of it. */
    private static Socket startSlowBody(URI address) throws IOException {
        Socket socket = new Socket(address.getHost(), address.getPort());
        OutputStream out = socket.getOutputStream();
        out.write(("POST " + address.getPath() + " HTTP/1.1\r\nHost: " + address.getHost() + ":" + address.getPort()
                + "\r\nContent-Type: text/xml; charset=UTF-8\r\nSOAPAction: \"\"\r\nContent-Length: 102400\r\n\r\n<")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return socket;
    }

    private static byte[] readAll(InputStream in) throws IOException {
        await().atMost(Duration.ofSeconds(30)).until(() -> in.available() > 0);
        return in.readNBytes(in.available());
    }
}
