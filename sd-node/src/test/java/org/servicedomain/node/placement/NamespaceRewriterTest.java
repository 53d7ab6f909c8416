package org.servicedomain.node.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.xml.SecureXml;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class NamespaceRewriterTest {

    private static final String SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String PORT_NS = "urn:port:quotes";
    private static final String OWN_NS = "urn:instance:quotes";
    private static final Map<String, String> TO_INSTANCE = Map.of(PORT_NS, OWN_NS);

    @Test
    void movesElementsWhosePrefixIsDeclaredOnTheEnvelopeIntoTheMappedNamespace() throws Exception {
        Document rewritten = rewritten("<s:Envelope xmlns:s='" + SOAP + "' xmlns:q='" + PORT_NS + "'><s:Body>"
                + "<q:getQuote><q:symbol>ACME</q:symbol></q:getQuote></s:Body></s:Envelope>");

        Element operation = operation(rewritten);
        assertThat(operation.getNamespaceURI()).isEqualTo(OWN_NS);
        assertThat(operation.getPrefix()).isEqualTo("q");
        Element symbol = (Element) operation.getElementsByTagNameNS(OWN_NS, "symbol").item(0);
        assertThat(symbol.getTextContent()).isEqualTo("ACME");
        assertThat(rewritten.getDocumentElement().getNamespaceURI()).isEqualTo(SOAP);
    }

    @Test
    void movesElementsInADefaultNamespaceAndLeavesUnqualifiedChildrenUnqualified() throws Exception {
        Document rewritten = rewritten("<Envelope xmlns='" + SOAP + "'><Body><getQuote xmlns='" + PORT_NS + "'>"
                + "<symbol>ACME</symbol><note xmlns=''>plain</note></getQuote></Body></Envelope>");

        Element operation = operation(rewritten);
        assertThat(operation.getNamespaceURI()).isEqualTo(OWN_NS);
        assertThat(operation.getElementsByTagNameNS(OWN_NS, "symbol").getLength()).isEqualTo(1);
        Element note = (Element) operation.getElementsByTagName("note").item(0);
        assertThat(note.getNamespaceURI()).isNull();
        assertThat(note.getTextContent()).isEqualTo("plain");
    }

    @Test
    void movesQualifiedAttributesAndKeepsPrefixedValuesResolvable() throws Exception {
        Document rewritten = rewritten("<s:Envelope xmlns:s='" + SOAP + "' xmlns:q='" + PORT_NS + "'"
                + " xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'><s:Body>"
                + "<q:getQuote q:currency='EUR' plain='1' xsi:type='q:QuoteRequest'><q:symbol>ACME</q:symbol></q:getQuote>"
                + "</s:Body></s:Envelope>");

        Element operation = operation(rewritten);
        assertThat(operation.getAttributeNS(OWN_NS, "currency")).isEqualTo("EUR");
        assertThat(operation.hasAttributeNS(PORT_NS, "currency")).isFalse();
        assertThat(operation.getAttribute("plain")).isEqualTo("1");
        String type = operation.getAttributeNS("http://www.w3.org/2001/XMLSchema-instance", "type");
        assertThat(operation.lookupNamespaceURI(type.substring(0, type.indexOf(':')))).isEqualTo(OWN_NS);
    }

    @Test
    void leavesNamespacesOutsideTheMapAndTheTextAsTheyWere() throws Exception {
        Document rewritten = rewritten("<s:Envelope xmlns:s='" + SOAP + "'><s:Header><h:trace xmlns:h='urn:other'>a &amp; b"
                + "</h:trace></s:Header><s:Body><q:getQuote xmlns:q='" + PORT_NS + "'><![CDATA[<raw>]]></q:getQuote>"
                + "</s:Body></s:Envelope>");

        Element trace = (Element) rewritten.getElementsByTagNameNS("urn:other", "trace").item(0);
        assertThat(trace.getTextContent()).isEqualTo("a & b");
        assertThat(operation(rewritten).getTextContent()).isEqualTo("<raw>");
    }

    @Test
    void refusesAMessageWithADoctype() {
        byte[] message = ("<?xml version='1.0'?><!DOCTYPE s:Envelope [<!ENTITY x 'boom'>]>"
                + "<s:Envelope xmlns:s='" + SOAP + "'><s:Body/></s:Envelope>").getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> NamespaceRewriter.rewrite(message, TO_INSTANCE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("DOCTYPE");
    }

    @Test
    void refusesAMessageThatIsNotWellFormed() {
        byte[] message = ("<s:Envelope xmlns:s='" + SOAP + "'><s:Body>").getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> NamespaceRewriter.rewrite(message, TO_INSTANCE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not well-formed");
    }

    @Test
    void aRewriteAndItsReverseGiveBackTheSameNamespaces() throws Exception {
        String original = "<s:Envelope xmlns:s='" + SOAP + "' xmlns:q='" + PORT_NS + "'><s:Body>"
                + "<q:getQuote><q:symbol>ACME</q:symbol></q:getQuote></s:Body></s:Envelope>";
        byte[] there = NamespaceRewriter.rewrite(original.getBytes(StandardCharsets.UTF_8), TO_INSTANCE);
        byte[] back = NamespaceRewriter.rewrite(there, Map.of(OWN_NS, PORT_NS));

        assertThat(operation(parse(back)).getNamespaceURI()).isEqualTo(PORT_NS);
        assertThat(parse(back).getElementsByTagNameNS(PORT_NS, "symbol").item(0).getTextContent()).isEqualTo("ACME");
    }

    private static Document rewritten(String message) throws Exception {
        return parse(NamespaceRewriter.rewrite(message.getBytes(StandardCharsets.UTF_8), TO_INSTANCE));
    }

    private static Document parse(byte[] bytes) throws Exception {
        return SecureXml.documentBuilder().parse(new ByteArrayInputStream(bytes));
    }

    private static Element operation(Document envelope) {
        Element body = (Element) envelope.getElementsByTagNameNS(SOAP, "Body").item(0);
        for (org.w3c.dom.Node n = body.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                return e;
            }
        }
        throw new AssertionError("no operation element in the Body");
    }
}
