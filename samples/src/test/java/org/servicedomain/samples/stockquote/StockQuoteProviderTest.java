package org.servicedomain.samples.stockquote;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.SoapHttp;
import org.servicedomain.samples.Wsdls;
import org.servicedomain.samples.Xml;
import org.servicedomain.samples.LaunchedProvider;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

class StockQuoteProviderTest {

    private static final String NS = StockQuotePortType.NAMESPACE;

    private final SoapHttp http = new SoapHttp();
    @RegisterExtension
    final LaunchedProvider launched = new LaunchedProvider();
    private SampleProvider provider;


    @Test
    void getQuoteAnswersThePriceAndNamesTheProvider() throws Exception {
        provider = launched.launch(ProviderOptions.of(SampleService.STOCKQUOTE, "quote-a"));

        HttpResponse<String> response = http.post11(provider.address(), StockQuotePortType.GET_QUOTE_ACTION,
                "<q:getQuote xmlns:q='" + NS + "'><q:symbol>ACME</q:symbol></q:getQuote>");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(ct -> assertThat(ct).startsWith("text/xml"));
        Xml answer = Xml.parse(response.body());
        assertThat(answer.element(NS, "getQuoteResponse")).isNotNull();
        assertThat(answer.text(NS, "symbol")).isEqualTo("ACME");
        assertThat(Double.parseDouble(answer.text(NS, "price"))).isEqualTo(StockQuoteEndpoint.priceOf("ACME"));
        assertThat(answer.text(NS, "provider")).isEqualTo("quote-a");
        assertThat(provider.requestsServed()).isEqualTo(1);
    }

    @Test
    void buyAnswersAnOrderIdNamingTheProvider() throws Exception {
        provider = launched.launch(ProviderOptions.of(SampleService.STOCKQUOTE, "quote-b"));
        String buy = "<q:buy xmlns:q='" + NS + "'><q:symbol>ACME</q:symbol><q:quantity>7</q:quantity></q:buy>";

        Xml first = Xml.parse(http.post11(provider.address(), StockQuotePortType.BUY_ACTION, buy).body());
        Xml second = Xml.parse(http.post11(provider.address(), StockQuotePortType.BUY_ACTION, buy).body());

        assertThat(first.element(NS, "buyResponse")).isNotNull();
        assertThat(first.text(NS, "orderId")).isEqualTo("quote-b-000001");
        assertThat(second.text(NS, "orderId")).isEqualTo("quote-b-000002");
        assertThat(first.text(NS, "quantity")).isEqualTo("7");
        assertThat(first.text(NS, "provider")).isEqualTo("quote-b");
    }

    @Test
    void monitorStocksQuotesOnlyTheAskedSymbolsItsExchangeListsEachOnce() throws Exception {
        provider = launched.launch(ProviderOptions.builder(SampleService.STOCKQUOTE, "nyse")
                .symbols(List.of("IBM", "GE")).build());

        HttpResponse<String> response = http.post11(provider.address(), StockQuotePortType.MONITOR_STOCKS_ACTION,
                "<q:monitorStocks xmlns:q='" + NS + "'><q:symbol>GE</q:symbol><q:symbol>SONY</q:symbol>"
                        + "<q:symbol>IBM</q:symbol><q:symbol>GE</q:symbol></q:monitorStocks>");

        assertThat(response.statusCode()).isEqualTo(200);
        Element top = Xml.parse(response.body()).element(NS, "monitorStocksResponse");
        assertThat(top).isNotNull();
        assertThat(childNames(top)).containsExactly("quote", "quote");
        assertThat(texts(top, "symbol")).containsExactly("GE", "IBM");
        assertThat(texts(top, "provider")).containsExactly("nyse", "nyse");
        assertThat(Double.parseDouble(texts(top, "price").get(1))).isEqualTo(StockQuoteEndpoint.priceOf("IBM"));
    }

    @Test
    void monitorStocksOfAProviderWithoutListedSymbolsQuotesEveryAskedSymbol() throws Exception {
        provider = launched.launch(ProviderOptions.of(SampleService.STOCKQUOTE, "quote-all"));

        Xml answer = Xml.parse(http.post11(provider.address(), StockQuotePortType.MONITOR_STOCKS_ACTION,
                "<q:monitorStocks xmlns:q='" + NS + "'><q:symbol>ACME</q:symbol><q:symbol>SONY</q:symbol></q:monitorStocks>")
                .body());

        assertThat(texts(answer.root(), "symbol")).containsExactly("ACME", "SONY");
    }

    private static List<String> childNames(Element parent) {
        List<String> names = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element) {
                names.add(element.getLocalName());
            }
        }
        return names;
    }

    private static List<String> texts(Element within, String localName) {
        NodeList found = within.getElementsByTagNameNS(NS, localName);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < found.getLength(); i++) {
            texts.add(found.item(i).getTextContent());
        }
        return texts;
    }

    @Test
    void soap12ProviderAnswersSoap12Requests() throws Exception {
        provider = launched.launch(ProviderOptions.builder(SampleService.STOCKQUOTE, "quote-12").soap12(true).build());

        HttpResponse<String> response = http.post12(provider.address(), StockQuotePortType.GET_QUOTE_ACTION,
                "<q:getQuote xmlns:q='" + NS + "'><q:symbol>ACME</q:symbol></q:getQuote>");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(ct -> assertThat(ct).startsWith("application/soap+xml"));
        Xml answer = Xml.parse(response.body());
        assertThat(answer.root().getNamespaceURI()).isEqualTo(SoapHttp.SOAP12_NS);
        assertThat(answer.text(NS, "provider")).isEqualTo("quote-12");
    }

    @Test
    void wsdlIsOneSelfContainedDocumentWithTheOperationsSoapActions() throws Exception {
        provider = launched.launch(ProviderOptions.of(SampleService.STOCKQUOTE, "quote-w"));

        HttpResponse<String> response = http.get(provider.wsdlAddress());

        assertThat(response.statusCode()).isEqualTo(200);
        Xml wsdl = Wsdls.assertSelfContained(response.body(), provider.address(), Wsdls.SOAP11_BINDING_NS);
        assertThat(wsdl.root().getAttribute("targetNamespace")).isEqualTo(NS);
        assertThat(Wsdls.soapActions(wsdl, Wsdls.SOAP11_BINDING_NS)).containsExactlyInAnyOrder(
                "getQuote=urn:sd:samples:stockquote#getQuote", "buy=urn:sd:samples:stockquote#buy",
                "monitorStocks=urn:sd:samples:stockquote#monitorStocks");
        assertThat(response.body()).contains("name=\"StockQuotePortType\"", "name=\"StockQuoteService\"",
                "name=\"StockQuotePort\"");
    }

    @Test
    void soap12WsdlUsesTheSoap12Binding() throws Exception {
        provider = launched.launch(ProviderOptions.builder(SampleService.STOCKQUOTE, "quote-w12").soap12(true).build());

        Xml wsdl = Wsdls.assertSelfContained(http.get(provider.wsdlAddress()).body(), provider.address(),
                Wsdls.SOAP12_BINDING_NS);

        assertThat(Wsdls.soapActions(wsdl, Wsdls.SOAP12_BINDING_NS)).contains("getQuote=urn:sd:samples:stockquote#getQuote");
    }
}
