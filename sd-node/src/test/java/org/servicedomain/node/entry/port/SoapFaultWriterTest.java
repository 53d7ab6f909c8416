package org.servicedomain.node.entry.port;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.parseXml;

import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class SoapFaultWriterTest {

    private static final String SD = "urn:sd:home:1";
    private static final String SOAP11 = SoapVersion.SOAP_11.envelopeNamespace();
    private static final String SOAP12 = SoapVersion.SOAP_12.envelopeNamespace();

    private final NodeFault senderFault = new NodeFault(FaultCode.BadRequest, "the soap:Body is empty");
    private final NodeFault noInstance = new NodeFault(FaultCode.NoInstanceAvailable, "nothing could serve GetQuote",
            List.of(new NodeFault.Attempt("q-1", "http://q1.example/quotes", "HTTP 503 without a SOAP fault"),
                    new NodeFault.Attempt("q-2", "http://q2.example/quotes", "no response within 30000 ms")));

    @Test
    void blamesTheClientInASoap11FaultForASenderFault() {
        SoapFaultWriter.FaultResponse response = SoapFaultWriter.write(senderFault, SoapVersion.SOAP_11);

        Element fault = fault(response, SOAP11);
        assertThat(qnameIn(only(fault, "", "faultcode"))).isEqualTo(new QName(SOAP11, "Client"));
        assertThat(only(fault, "", "faultstring").getTextContent()).isEqualTo("the soap:Body is empty");
        assertThat(response.status()).isEqualTo(500);
        assertThat(SoapVersion.SOAP_11.acceptsContentType(response.contentType())).isTrue();
    }

    @Test
    void blamesTheServerInASoap11FaultForANodeFailure() {
        Element fault = fault(SoapFaultWriter.write(noInstance, SoapVersion.SOAP_11), SOAP11);

        assertThat(qnameIn(only(fault, "", "faultcode"))).isEqualTo(new QName(SOAP11, "Server"));
    }

    @Test
    void blamesTheSenderInASoap12FaultWithStatus400() {
        SoapFaultWriter.FaultResponse response = SoapFaultWriter.write(senderFault, SoapVersion.SOAP_12);

        Element fault = fault(response, SOAP12);
        Element code = only(fault, SOAP12, "Code");
        assertThat(qnameIn(only(code, SOAP12, "Value"))).isEqualTo(new QName(SOAP12, "Sender"));
        assertThat(only(only(fault, SOAP12, "Reason"), SOAP12, "Text").getTextContent())
                .isEqualTo("the soap:Body is empty");
        assertThat(response.status()).isEqualTo(400);
        assertThat(SoapVersion.SOAP_12.acceptsContentType(response.contentType())).isTrue();
    }

    @Test
    void blamesTheReceiverInASoap12FaultWithStatus500() {
        SoapFaultWriter.FaultResponse response = SoapFaultWriter.write(noInstance, SoapVersion.SOAP_12);

        Element code = only(fault(response, SOAP12), SOAP12, "Code");
        assertThat(qnameIn(only(code, SOAP12, "Value"))).isEqualTo(new QName(SOAP12, "Receiver"));
        assertThat(response.status()).isEqualTo(500);
    }

    @Test
    void detailCarriesTheCodeAndEveryAttemptInBothVersions() {
        for (SoapVersion version : SoapVersion.values()) {
            Element detail = sdFault(SoapFaultWriter.write(noInstance, version));

            assertThat(only(detail, SD, "code").getTextContent()).isEqualTo("NoInstanceAvailable");
            assertThat(attempts(detail)).as("attempts in a SOAP %s fault", version.label())
                    .containsExactlyElementsOf(noInstance.attempts());
        }
    }

    @Test
    void escapesMarkupCharactersInTextItCarries() {
        String nasty = "price < 5 & \"rising\" > 3 </faultstring>";
        NodeFault fault = new NodeFault(FaultCode.NoInstanceAvailable, nasty,
                List.of(new NodeFault.Attempt("q-<1>", "http://q1.example/?a=1&b=2", nasty)));

        SoapFaultWriter.FaultResponse response = SoapFaultWriter.write(fault, SoapVersion.SOAP_11);

        assertThat(only(fault(response, SOAP11), "", "faultstring").getTextContent()).isEqualTo(nasty);
        Element detail = sdFault(response);
        assertThat(only(detail, SD, "message").getTextContent()).isEqualTo(nasty);
        assertThat(attempts(detail)).containsExactlyElementsOf(fault.attempts());
    }

    private static Element fault(SoapFaultWriter.FaultResponse response, String envelopeNs) {
        Element envelope = parseXml(response.body()).getDocumentElement();
        assertThat(new QName(envelope.getNamespaceURI(), envelope.getLocalName()))
                .isEqualTo(new QName(envelopeNs, "Envelope"));
        return only(only(envelope, envelopeNs, "Body"), envelopeNs, "Fault");
    }

    private static Element sdFault(SoapFaultWriter.FaultResponse response) {
        Document document = parseXml(response.body());
        assertThat(document.getElementsByTagNameNS(SD, "fault").getLength()).isEqualTo(1);
        return (Element) document.getElementsByTagNameNS(SD, "fault").item(0);
    }

    private static List<NodeFault.Attempt> attempts(Element sdFault) {
        List<NodeFault.Attempt> attempts = new ArrayList<>();
        for (Element attempt : children(sdFault, SD, "attempt")) {
            attempts.add(new NodeFault.Attempt(only(attempt, SD, "instanceId").getTextContent(),
                    only(attempt, SD, "endpointAddress").getTextContent(),
                    only(attempt, SD, "reason").getTextContent()));
        }
        return attempts;
    }

    /** The QName a {@code prefix:local} text names, resolved where it appears. */
    private static QName qnameIn(Element element) {
        String text = element.getTextContent().trim();
        int colon = text.indexOf(':');
        String prefix = colon < 0 ? null : text.substring(0, colon);
        return new QName(element.lookupNamespaceURI(prefix), text.substring(colon + 1));
    }

    private static Element only(Element parent, String ns, String localName) {
        List<Element> found = children(parent, ns, localName);
        assertThat(found).as("children {%s}%s of %s", ns, localName, parent.getLocalName()).hasSize(1);
        return found.get(0);
    }

    private static List<Element> children(Element parent, String ns, String localName) {
        List<Element> found = new ArrayList<>();
        for (org.w3c.dom.Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            String nodeNs = n.getNamespaceURI() == null ? "" : n.getNamespaceURI();
            if (n instanceof Element e && nodeNs.equals(ns) && localName.equals(e.getLocalName())) {
                found.add(e);
            }
        }
        return found;
    }
}
