package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;

/**
 * The node's message limit applies to a home-port request as a whole, before anything parses it:
 * an anonymous {@code register} made of many small elements, larger than the limit, is refused
 * with {@code BadRequest} whether it declares its length or streams it in chunks.
 */
class HomePortSizeLimitTest {

    private static final long LIMIT = 256 * 1024;

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.emptyFleet().configured(c -> c.maxMessageBytes(LIMIT));

    @Test
    void aRegisterLargerThanTheLimitIsRefusedBeforeItIsParsed() {
        SoapReply reply = SoapExchange.post(domain.node().homeAddress(), "text/xml; charset=UTF-8",
                "\"urn:sd:home:1#register\"", oversizedRegister());

        assertThat(reply.faultCode()).hasValue("BadRequest");
        assertThat(reply.text()).contains("limit is " + LIMIT);
    }

    @Test
    void aStreamedRegisterLargerThanTheLimitIsRefusedToo() throws Exception {
        URI home = domain.node().homeAddress();
        HttpResponse<String> reply = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(home).header("Content-Type", "text/xml; charset=UTF-8")
                        .header("SOAPAction", "\"urn:sd:home:1#register\"")
                        .POST(HttpRequest.BodyPublishers.ofInputStream(
                                () -> new ByteArrayInputStream(oversizedRegister().getBytes(StandardCharsets.UTF_8))))
                        .build(), HttpResponse.BodyHandlers.ofString());

        assertThat(reply.body()).contains("BadRequest").contains("exceeds the limit of " + LIMIT);
    }

    /** A register of twice the limit, in attributes of a few bytes each: no single text is large. */
    private static String oversizedRegister() {
        StringBuilder attributes = new StringBuilder();
        while (attributes.length() < 2 * LIMIT) {
            attributes.append("<h:attribute name=\"a\" value=\"b\"/>");
        }
        return SoapExchange.soap11(null, "<h:register xmlns:h=\"urn:sd:home:1\"><h:wsdlLocation>http://127.0.0.1:1/x?wsdl"
                + "</h:wsdlLocation>" + attributes + "</h:register>");
    }
}
