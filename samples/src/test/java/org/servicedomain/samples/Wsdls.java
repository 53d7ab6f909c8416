package org.servicedomain.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Assertions every sample WSDL must pass: one document, inline schema, the provider's own address. */
public final class Wsdls {

    public static final String WSDL_NS = "http://schemas.xmlsoap.org/wsdl/";
    public static final String XSD_NS = "http://www.w3.org/2001/XMLSchema";
    public static final String SOAP11_BINDING_NS = "http://schemas.xmlsoap.org/wsdl/soap/";
    public static final String SOAP12_BINDING_NS = "http://schemas.xmlsoap.org/wsdl/soap12/";

    private Wsdls() {
    }

    /** Parses the WSDL and checks it is self-contained and addressed at {@code address}. */
    public static Xml assertSelfContained(String wsdl, URI address, String bindingNs) throws Exception {
        Xml xml = Xml.parse(wsdl);
        assertThat(xml.root().getLocalName()).isEqualTo("definitions");
        assertThat(xml.count(WSDL_NS, "import")).as("wsdl:import").isZero();
        assertThat(xml.count(XSD_NS, "import")).as("xsd:import").isZero();
        assertThat(xml.count(XSD_NS, "include")).as("xsd:include").isZero();
        assertThat(xml.count(XSD_NS, "schema")).as("inline schemas").isEqualTo(1);
        assertThat(xml.count(WSDL_NS, "service")).isEqualTo(1);
        assertThat(xml.count(WSDL_NS, "port")).isEqualTo(1);
        assertThat(xml.element(bindingNs, "address").getAttribute("location")).isEqualTo(address.toString());
        return xml;
    }

    /** operationName=soapAction for every operation of the binding. */
    public static List<String> soapActions(Xml wsdl, String bindingNs) {
        List<String> actions = new ArrayList<>();
        NodeList operations = wsdl.root().getElementsByTagNameNS(bindingNs, "operation");
        for (int i = 0; i < operations.getLength(); i++) {
            Element op = (Element) operations.item(i);
            Element parent = (Element) op.getParentNode();
            actions.add(parent.getAttribute("name") + "=" + op.getAttribute("soapAction"));
        }
        return actions;
    }
}
