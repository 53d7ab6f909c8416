package org.servicedomain.node.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.NEWS;
import static org.servicedomain.node.TestInstances.RPC_WSDL;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.SOAP12_WSDL;
import static org.servicedomain.node.TestInstances.STOCK_QUOTE;
import static org.servicedomain.node.TestInstances.TWO_PORT_TYPES_WSDL;
import static org.servicedomain.node.TestInstances.WEATHER;
import static org.servicedomain.node.TestInstances.parseXml;
import static org.servicedomain.node.TestInstances.wsdl;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.core.VirtualPort;
import org.w3c.dom.Element;

class VirtualWsdlTest {

    private static final String WSDL_NS = "http://schemas.xmlsoap.org/wsdl/";
    private static final String XSD_NS = "http://www.w3.org/2001/XMLSchema";

    private final ServiceDescriptionParser parser = new ServiceDescriptionParser();

    @Test
    void keepsThePortTypeTypesAndMessagesButOnlyTheChosenBinding() {
        Element definitions = template(SOAP11_WSDL, STOCK_QUOTE, SoapVersion.SOAP_11);

        assertThat(names(definitions, "portType")).containsExactly("StockQuotePortType");
        assertThat(names(definitions, "message")).hasSize(4);
        assertThat(definitions.getElementsByTagNameNS(XSD_NS, "schema").getLength()).isEqualTo(1);
        assertThat(names(definitions, "binding"))
                .as("the HTTP binding is dropped").containsExactly("StockQuoteSoapBinding");
    }

    @Test
    void publishesOneServiceWithOnePortAtThePlaceholderAddress() {
        Element definitions = template(SOAP11_WSDL, STOCK_QUOTE, SoapVersion.SOAP_11);

        List<Element> services = children(definitions, "service");
        assertThat(services).as("the provider's own and backup services are dropped").hasSize(1);
        List<Element> ports = children(services.get(0), "port");
        assertThat(ports).hasSize(1);
        Element port = ports.get(0);
        assertThat(ServiceDescriptionParser.resolve(port, port.getAttribute("binding")))
                .isEqualTo(new QName(STOCK_QUOTE.getNamespaceURI(), "StockQuoteSoapBinding"));
        assertThat(addressOf(port, SoapVersion.SOAP_11)).isEqualTo(VirtualWsdl.ADDRESS_PLACEHOLDER);
    }

    @Test
    void pointsASoap12PortWithASoap12Address() {
        Element definitions = template(SOAP12_WSDL, STOCK_QUOTE, SoapVersion.SOAP_12);

        Element port = children(children(definitions, "service").get(0), "port").get(0);
        assertThat(addressOf(port, SoapVersion.SOAP_12)).isEqualTo(VirtualWsdl.ADDRESS_PLACEHOLDER);
        assertThat(port.getElementsByTagNameNS(SoapVersion.SOAP_11.wsdlBindingNamespace(), "address").getLength())
                .isZero();
    }

    @Test
    void keepsOnlyTheBindingOfTheChosenPortTypeFromATwoPortTypeDocument() {
        Element definitions = template(TWO_PORT_TYPES_WSDL, NEWS, SoapVersion.SOAP_11);

        assertThat(names(definitions, "binding")).containsExactly("NewsBinding");
        Element port = children(children(definitions, "service").get(0), "port").get(0);
        assertThat(ServiceDescriptionParser.resolve(port, port.getAttribute("binding")))
                .isEqualTo(new QName("urn:example:market", "NewsBinding"));
    }

    @Test
    void writesNamespaceCorrectXmlForAProviderWsdlInTheDefaultNamespace() {
        Element definitions = template(RPC_WSDL, WEATHER, SoapVersion.SOAP_11);

        assertThat(children(definitions, "service")).hasSize(1);
        assertThat(names(definitions, "binding")).containsExactly("WeatherRpcBinding");
    }

    @Test
    void describesTheSameOperationsAsTheProviderBinding() {
        ServiceDescription provider = parser.parse(wsdl(TWO_PORT_TYPES_WSDL), TWO_PORT_TYPES_WSDL);
        PortTypeBinding news = provider.bindingFor(NEWS, SoapVersion.SOAP_11).orElseThrow();

        String template = VirtualWsdl.template(provider, news, "NewsPortType");
        ServiceDescription published = parser.parse(template.getBytes(StandardCharsets.UTF_8), "virtual");

        assertThat(published.bindings()).hasSize(1);
        PortTypeBinding republished = published.bindings().get(0);
        assertThat(republished.portType()).isEqualTo(NEWS);
        assertThat(republished.operationsByElement()).isEqualTo(news.operationsByElement());
        assertThat(republished.endpointAddress()).isEqualTo(VirtualWsdl.ADDRESS_PLACEHOLDER);
    }

    @Test
    void servesTheWsdlWithTheNodeAddressInPlaceOfThePlaceholder() {
        ServiceDescription provider = parser.parse(wsdl(SOAP11_WSDL), SOAP11_WSDL);
        PortTypeBinding binding = provider.bindingFor(STOCK_QUOTE, SoapVersion.SOAP_11).orElseThrow();
        VirtualPort port = new VirtualPort("StockQuotePortType", STOCK_QUOTE, SoapVersion.SOAP_11, null,
                binding.binding(), VirtualWsdl.template(provider, binding, "StockQuotePortType"),
                binding.operationsByElement(), binding.soapActions(), Map.of());
        String address = "http://node.example:8080/sd/services/ports/StockQuotePortType";

        String served = port.wsdl(address);

        Element definitions = parseXml(served).getDocumentElement();
        Element servicePort = children(children(definitions, "service").get(0), "port").get(0);
        assertThat(addressOf(servicePort, SoapVersion.SOAP_11)).isEqualTo(address);
        assertThat(served).doesNotContain(VirtualWsdl.ADDRESS_PLACEHOLDER);
    }

    private Element template(String wsdlFile, QName portType, SoapVersion version) {
        ServiceDescription description = parser.parse(wsdl(wsdlFile), wsdlFile);
        PortTypeBinding binding = description.bindingFor(portType, version).orElseThrow();
        return parseXml(VirtualWsdl.template(description, binding, portType.getLocalPart())).getDocumentElement();
    }

    private static List<Element> children(Element parent, String localName) {
        return ServiceDescriptionParser.children(parent, WSDL_NS, localName);
    }

    private static List<String> names(Element definitions, String localName) {
        return children(definitions, localName).stream().map(e -> e.getAttribute("name")).toList();
    }

    private static String addressOf(Element port, SoapVersion version) {
        List<Element> addresses = ServiceDescriptionParser.children(port, version.wsdlBindingNamespace(), "address");
        assertThat(addresses).hasSize(1);
        return addresses.get(0).getAttribute("location");
    }
}
