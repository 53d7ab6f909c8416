package org.servicedomain.node.engine.envelope;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.servicedomain.node.TestInstances.GET_HISTORY;
import static org.servicedomain.node.TestInstances.GET_QUOTE;
import static org.servicedomain.node.TestInstances.QUOTES_ONLY_WSDL;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.registration;
import static org.servicedomain.node.TestInstances.soap11Envelope;
import static org.servicedomain.node.TestInstances.stockQuoteElement;

import java.io.IOException;
import java.nio.file.Path;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.RecordingChain;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.core.CalledOperation;
import org.servicedomain.node.core.EnvelopeHead;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.TestPolicies;
import org.servicedomain.node.tracing.CallTrace;
import org.w3c.dom.Element;

/**
 * The operation a request calls: the providers' own by its request element, or a policy's mapped
 * operation rewritten into the providers' own; an element the port has no operation for is a
 * {@code BadRequest}, and an operation no instance implements is {@code OperationNotOffered}.
 */
class OperationMappingStageTest {

    private static final String PORT = "StockQuotePortType";
    private static final String STOCK_QUOTE_NS = TestInstances.STOCK_QUOTE.getNamespaceURI();
    private static final CompiledPolicy MAPPING_A_MONTH_OF_HISTORY = TestPolicies.compile("""
            <policy xmlns="urn:sd:policy:1">
              <virtualPort name="StockQuotePortType">
                <operationMapping name="GetMonthOfHistory" operation="GetHistory"><argument name="days" value="30"/></operationMapping>
              </virtualPort>
            </policy>
            """);

    @TempDir
    Path dataDir;

    private Catalog catalog;
    private VirtualPort port;
    private String fullProvider;

    @BeforeEach
    void catalogWithAStockQuoteProvider() throws IOException {
        catalog = Catalog.open(new FileCatalogStore(dataDir), TestInstances.wsdlSource());
        fullProvider = catalog.register(registration(SOAP11_WSDL, "http://full.provider.example/quotes")).get(0).instance().id();
        port = catalog.snapshot().port(PORT).orElseThrow();
    }

    @Test
    void namesTheOperationWhoseRequestElementTheMessageCarriesAndPassesTheMessageOnUnchanged() {
        RequestContext request = calling(GET_QUOTE, stockQuoteElement("GetQuote", "<symbol>ACME</symbol>"));
        RecordingChain chain = RecordingChain.answering(request);

        stage().process(chain).join();

        RequestContext passed = chain.passedOn();
        assertThat(passed.operation()).isEqualTo("GetQuote");
        assertThat(passed.tag(CalledOperation.class)).isEqualTo(new CalledOperation("GetQuote", GET_QUOTE));
        assertThat(passed.body()).isSameAs(request.body());
        assertThat(passed.soapAction()).isEqualTo(request.soapAction());
    }

    @Test
    void aMappedOperationIsRewrittenIntoTheProvidersOwnWithItsFixedArgumentsAndSoapAction() {
        RecordingChain chain = RecordingChain.answering(calling(new QName(STOCK_QUOTE_NS, "GetMonthOfHistory"),
                stockQuoteElement("GetMonthOfHistory", "<symbol>ACME</symbol>")));

        stage().process(chain).join();

        RequestContext passed = chain.passedOn();
        assertThat(passed.operation()).as("the operation the client called").isEqualTo("GetMonthOfHistory");
        assertThat(passed.tag(CalledOperation.class)).isEqualTo(new CalledOperation("GetHistory", GET_HISTORY));
        assertThat(passed.soapAction()).isEqualTo("\"" + port.soapActions().get("GetHistory") + "\"");
        Element forwarded = (Element) TestInstances.parseXml(passed.body())
                .getElementsByTagNameNS(STOCK_QUOTE_NS, "GetHistory").item(0);
        assertThat(forwarded).as("the providers' request element").isNotNull();
        assertThat(forwarded.getElementsByTagNameNS(STOCK_QUOTE_NS, "symbol").item(0).getTextContent()).isEqualTo("ACME");
        assertThat(forwarded.getElementsByTagNameNS(STOCK_QUOTE_NS, "days").item(0).getTextContent()).isEqualTo("30");
    }

    @Test
    void anElementThePortHasNoOperationForIsABadRequestNamingIt() {
        QName unknown = new QName(STOCK_QUOTE_NS, "Sell");
        RecordingChain chain = RecordingChain.answering(calling(unknown, stockQuoteElement("Sell", "")));

        NodeFault refusal = chain.refusalBy(stage());

        assertThat(refusal.code()).isEqualTo(FaultCode.BadRequest);
        assertThat(refusal).hasMessageContaining(PORT).hasMessageContaining(unknown.toString());
        assertThat(chain.wasPassedOn()).isFalse();
    }

    @Test
    void anOperationInThePortsWsdlThatNoInstanceImplementsIsNotOffered() {
        onlyAProviderWithoutGetHistory();
        RecordingChain chain = RecordingChain.answering(calling(GET_HISTORY, stockQuoteElement("GetHistory",
                "<symbol>ACME</symbol><days>5</days>")));

        NodeFault refusal = chain.refusalBy(stage());

        assertThat(refusal.code()).isEqualTo(FaultCode.OperationNotOffered);
        assertThat(refusal).hasMessageContaining(PORT).hasMessageContaining("GetHistory");
        assertThat(chain.wasPassedOn()).isFalse();
    }

    @Test
    void theCallsTraceIsToldThePortAndOperationBeforeAnyRefusalFromHereOn() {
        onlyAProviderWithoutGetHistory();
        CallTrace trace = mock(CallTrace.class);
        RecordingChain chain = RecordingChain.answering(calling(GET_HISTORY, stockQuoteElement("GetHistory", ""))
                .withTag(CallTrace.class, trace));

        assertThat(chain.refusalBy(stage()).code()).isEqualTo(FaultCode.OperationNotOffered);
        verify(trace).operation(PORT, "GetHistory");
    }

    /** The port keeps its WSDL, which shows GetHistory, but its one instance registered a WSDL without it. */
    private void onlyAProviderWithoutGetHistory() {
        catalog.register(registration(QUOTES_ONLY_WSDL, "http://quotes-only.provider.example/quotes"));
        catalog.unregister(fullProvider);
    }

    private OperationMappingStage stage() {
        return new OperationMappingStage(catalog::snapshot);
    }

    /** A request on the catalog's port whose message carries {@code payload}, its head read as {@code element}. */
    private RequestContext calling(QName element, String payload) {
        return MAPPING_A_MONTH_OF_HISTORY.boundTo(RequestContext.arriving(port, "text/xml; charset=UTF-8",
                        "\"urn:example:stockquote:client-action\"", null, false)
                .withBody(soap11Envelope("", payload))
                .withTag(EnvelopeHead.class, new EnvelopeHead(element, null)));
    }
}
