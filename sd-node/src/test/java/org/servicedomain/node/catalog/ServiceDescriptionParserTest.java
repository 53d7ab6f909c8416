package org.servicedomain.node.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.servicedomain.node.TestInstances.HTTP_ONLY_WSDL;
import static org.servicedomain.node.TestInstances.MARKET_STOCK_QUOTE;
import static org.servicedomain.node.TestInstances.NEWS;
import static org.servicedomain.node.TestInstances.RPC_WSDL;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.SOAP12_WSDL;
import static org.servicedomain.node.TestInstances.STOCK_QUOTE;
import static org.servicedomain.node.TestInstances.TWO_PORT_TYPES_WSDL;
import static org.servicedomain.node.TestInstances.WEATHER;
import static org.servicedomain.node.TestInstances.wsdl;
import static org.servicedomain.node.TestInstances.wsdlText;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;

class ServiceDescriptionParserTest {

    private static final String STOCK_NS = STOCK_QUOTE.getNamespaceURI();

    private final ServiceDescriptionParser parser = new ServiceDescriptionParser();

    @Test
    void readsTheSoap11BindingOfADocumentLiteralWrappedWsdl() {
        ServiceDescription description = parse(SOAP11_WSDL);

        assertThat(description.boundPortTypes()).containsExactly(STOCK_QUOTE);
        assertThat(description.bindings()).as("the HTTP GET binding is not a SOAP binding").hasSize(1);
        PortTypeBinding binding = description.bindings().get(0);
        assertThat(binding.binding()).isEqualTo(new QName(STOCK_NS, "StockQuoteSoapBinding"));
        assertThat(binding.soapVersion()).isEqualTo(SoapVersion.SOAP_11);
        assertThat(binding.endpointAddress()).isEqualTo("http://provider-a.example/stockquote");
        assertThat(binding.serviceName()).isEqualTo(new QName(STOCK_NS, "StockQuoteService"));
        assertThat(binding.portName()).isEqualTo("StockQuoteSoapPort");
        assertThat(binding.operationsByElement()).containsOnly(
                Map.entry(new QName(STOCK_NS, "GetQuote"), "GetQuote"),
                Map.entry(new QName(STOCK_NS, "GetHistory"), "GetHistory"));
    }

    @Test
    void readsTheSoapVersionAndAddressOfASoap12Binding() {
        PortTypeBinding binding = parse(SOAP12_WSDL).bindingFor(STOCK_QUOTE, SoapVersion.SOAP_11).orElseThrow();

        assertThat(binding.soapVersion()).isEqualTo(SoapVersion.SOAP_12);
        assertThat(binding.endpointAddress()).isEqualTo("http://provider-b.example/stockquote12");
        assertThat(binding.operationsByElement()).containsValues("GetQuote", "GetHistory");
    }

    @Test
    void namesRpcOperationsByTheirWrapperInTheSoapBodyNamespace() {
        ServiceDescription description = parse(RPC_WSDL);

        assertThat(description.boundPortTypes()).containsExactly(WEATHER);
        PortTypeBinding binding = description.bindings().get(0);
        assertThat(binding.endpointAddress()).isEqualTo("http://provider-c.example/weather");
        assertThat(binding.operationsByElement()).containsOnly(
                Map.entry(new QName("urn:example:weather:rpc", "GetForecast"), "GetForecast"),
                Map.entry(new QName("urn:example:weather:rpc", "GetAlerts"), "GetAlerts"));
    }

    @Test
    void findsEveryBoundPortTypeAndNamesBareOperationsByTheirRequestElement() {
        ServiceDescription description = parse(TWO_PORT_TYPES_WSDL);

        assertThat(description.boundPortTypes()).containsExactly(MARKET_STOCK_QUOTE, NEWS);
        PortTypeBinding news = description.bindingFor(NEWS, SoapVersion.SOAP_11).orElseThrow();
        assertThat(news.endpointAddress()).isEqualTo("http://provider-d.example/market/news");
        assertThat(news.operationsByElement())
                .containsOnly(Map.entry(new QName("urn:example:market", "HeadlinesRequest"), "GetHeadlines"));
    }

    @Test
    void refusesWsdlWithDoctype() {
        String withDoctype = wsdlText(SOAP11_WSDL).replaceFirst("\\?>",
                "?>\n<!DOCTYPE wsdl:definitions [<!ENTITY provider \"Example\">]>");

        NodeFault fault = refusal(withDoctype.getBytes(StandardCharsets.UTF_8));

        assertThat(fault.code()).isEqualTo(FaultCode.WsdlUnreadable);
    }

    @Test
    void refusesMalformedXml() {
        NodeFault fault = refusal("<wsdl:definitions xmlns:wsdl=\"http://schemas.xmlsoap.org/wsdl/\">"
                .getBytes(StandardCharsets.UTF_8));

        assertThat(fault.code()).isEqualTo(FaultCode.WsdlUnreadable);
    }

    @Test
    void refusesXmlThatIsNotWsdl() {
        NodeFault fault = refusal("<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"/>"
                .getBytes(StandardCharsets.UTF_8));

        assertThat(fault.code()).isEqualTo(FaultCode.WsdlUnreadable);
        assertThat(fault).hasMessageContaining("wsdl:definitions");
    }

    @Test
    void refusesWsdlWithoutSoapBinding() {
        NodeFault fault = refusal(wsdl(HTTP_ONLY_WSDL));

        assertThat(fault.code()).isEqualTo(FaultCode.WsdlUnreadable);
        assertThat(fault).hasMessageContaining("no SOAP");
    }

    @Test
    void refusesABindingWhoseOperationsShareARequestElement() {
        String ambiguous = wsdlText(SOAP11_WSDL).replace("element=\"tns:GetHistory\"", "element=\"tns:GetQuote\"");

        NodeFault fault = refusal(ambiguous.getBytes(StandardCharsets.UTF_8));

        assertThat(fault.code()).isEqualTo(FaultCode.WsdlUnreadable);
        assertThat(fault).hasMessageContaining("GetQuote").hasMessageContaining("GetHistory");
    }

    @Test
    void namesTheLocationInItsRefusal() {
        NodeFault fault = catchThrowableOfType(NodeFault.class,
                () -> parser.parse(wsdl(HTTP_ONLY_WSDL), "http://clock.example/?wsdl"));

        assertThat(fault).hasMessageContaining("http://clock.example/?wsdl");
    }

    private ServiceDescription parse(String fileName) {
        return parser.parse(wsdl(fileName), fileName);
    }

    private NodeFault refusal(byte[] document) {
        NodeFault fault = catchThrowableOfType(NodeFault.class, () -> parser.parse(document, "test.wsdl"));
        assertThat(fault).as("the parser refuses the document").isNotNull();
        return fault;
    }
}
