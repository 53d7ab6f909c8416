package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * A session id never reaches a provider, whatever the request's encoding: where the node cannot
 * cut the {@code sd:session} header out of the bytes it forwards, it refuses the request.
 */
class SessionHeaderEncodingTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote");

    @ParameterizedTest
    @ValueSource(strings = {"ISO-8859-1", "UTF-16"})
    void aSessionHeaderInAnotherEncodingIsRefusedAndNeverForwarded(String encoding) throws Exception {
        SampleProvider quote = domain.provider("quote");
        Registrations.register(domain.node().home(), quote);
        String session = "not-for-providers-0123456789";
        long before = quote.requestsReceived();
        String envelope = SoapExchange.soap11(SoapExchange.sessionHeader(session), StockQuoteCalls.getQuoteBody("ACME"))
                .replace("encoding=\"UTF-8\"", "encoding=\"" + encoding + "\"");

        SoapReply reply = SoapExchange.post(domain.node().virtualPortAddress("StockQuotePortType"),
                "text/xml; charset=" + encoding, StockQuoteCalls.GET_QUOTE_ACTION, envelope.getBytes(Charset.forName(encoding)));

        assertThat(reply.faultCode()).hasValue("BadRequest");
        assertThat(reply.text()).contains("UTF-8");
        assertThat(quote.requestsReceived()).isEqualTo(before);
    }
}
