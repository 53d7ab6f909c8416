package org.servicedomain.samples.otherquotes;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.LaunchedProvider;
import org.servicedomain.samples.SoapHttp;
import org.servicedomain.samples.Xml;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.samples.stockquote.StockQuoteEndpoint;

class OtherQuotesProviderTest {

    private static final String NS = OtherQuotesPortType.NAMESPACE;

    private final SoapHttp http = new SoapHttp();
    @RegisterExtension
    final LaunchedProvider launched = new LaunchedProvider();

    @Test
    void quotesInItsOwnNamespaceAtTheStockQuoteProvidersPrice() throws Exception {
        SampleProvider provider = launched.launch(ProviderOptions.of(SampleService.OTHER_QUOTES, "other-a"));

        HttpResponse<String> response = http.post11(provider.address(), NS + ":quote",
                "<o:getQuote xmlns:o='" + NS + "'><o:symbol>ACME</o:symbol></o:getQuote>");

        assertThat(response.statusCode()).isEqualTo(200);
        Xml answer = Xml.parse(response.body());
        assertThat(answer.element(NS, "getQuoteResponse")).isNotNull();
        assertThat(Double.parseDouble(answer.text(NS, "price"))).isEqualTo(StockQuoteEndpoint.priceOf("ACME"));
        assertThat(answer.text(NS, "provider")).isEqualTo("other-a");
    }

    @Test
    void answersTheDividendTheStockQuoteServiceLacks() throws Exception {
        SampleProvider provider = launched.launch(ProviderOptions.of(SampleService.OTHER_QUOTES, "other-b"));

        Xml answer = Xml.parse(http.post11(provider.address(), NS + ":dividend",
                "<o:getDividend xmlns:o='" + NS + "'><o:symbol>ACME</o:symbol></o:getDividend>").body());

        assertThat(Double.parseDouble(answer.text(NS, "dividend"))).isEqualTo(OtherQuotesEndpoint.dividendOf("ACME"));
    }

    @Test
    void anUnlistedSymbolIsAFaultWhoseDetailIsInItsNamespace() throws Exception {
        SampleProvider provider = launched.launch(ProviderOptions.of(SampleService.OTHER_QUOTES, "other-c"));

        HttpResponse<String> response = http.post11(provider.address(), NS + ":quote",
                "<o:getQuote xmlns:o='" + NS + "'><o:symbol>" + OtherQuotesPortType.UNLISTED + "</o:symbol></o:getQuote>");

        assertThat(response.statusCode()).isEqualTo(500);
        Xml answer = Xml.parse(response.body());
        assertThat(answer.element(NS, "unknownSymbol")).isNotNull();
        assertThat(answer.text(NS, "provider")).isEqualTo("other-c");
    }
}
