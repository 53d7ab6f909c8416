package org.servicedomain.node.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ConnectTimeoutException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.network.DeniedNetworkException;

/** The causes a failed WSDL fetch is named by, for the failures a loopback test cannot provoke without leaving loopback. */
class FetchCausesTest {

    private static final URI LOCATION = URI.create("http://quotes.example:8081/quotes");

    @Test
    void anUnknownHostIsNamed() {
        assertThat(FetchCauses.of(LOCATION, new UnknownHostException("quotes.example"), Duration.ofSeconds(30)))
                .isEqualTo("host quotes.example is unknown: the name does not resolve");
    }

    @Test
    void aHostInADeniedNetworkIsNotCalledUnknown() throws UnknownHostException {
        String cause = FetchCauses.of(LOCATION, new DeniedNetworkException("quotes.example", InetAddress.getByName("10.0.0.1")),
                Duration.ofSeconds(30));

        assertThat(cause).contains("quotes.example").contains("networks the node does not reach").doesNotContain("unknown");
    }

    @Test
    void aConnectTimeoutNamesTheHostPortAndTheTimeout() {
        assertThat(FetchCauses.of(LOCATION, new ConnectTimeoutException("connect timed out"), Duration.ofSeconds(30)))
                .contains("quotes.example:8081").contains("timed out after 30 s");
    }

    @Test
    void anHttpErrorWithoutWsdlInTheQueryAsksForIt() {
        assertThat(FetchCauses.status(LOCATION, 500)).contains("HTTP 500").contains("does the URL end in ?wsdl");
        assertThat(FetchCauses.status(URI.create(LOCATION + "?wsdl"), 500)).contains("HTTP 500").doesNotContain("?wsdl");
    }

    @Test
    void aRedirectSaysItIsNotFollowed() {
        assertThat(FetchCauses.status(URI.create(LOCATION + "?wsdl"), 302)).contains("HTTP 302").contains("not follow");
    }
}
