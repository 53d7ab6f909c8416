package org.servicedomain.samples;

import java.io.StringReader;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** Namespace-aware DOM look-ups for asserting on SOAP answers and WSDLs. */
public final class Xml {

    private final Document document;

    private Xml(Document document) {
        this.document = document;
    }

    public static Xml parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        DocumentBuilder builder = factory.newDocumentBuilder();
        return new Xml(builder.parse(new InputSource(new StringReader(xml))));
    }

    public Element root() {
        return document.getDocumentElement();
    }

    /** Text of the first element {@code {ns}local} anywhere in the document, or null. */
    public String text(String ns, String local) {
        NodeList nodes = document.getElementsByTagNameNS(ns, local);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent();
    }

    public int count(String ns, String local) {
        return document.getElementsByTagNameNS(ns, local).getLength();
    }

    /** The first element {@code {ns}local}, or null. */
    public Element element(String ns, String local) {
        NodeList nodes = document.getElementsByTagNameNS(ns, local);
        return nodes.getLength() == 0 ? null : (Element) nodes.item(0);
    }
}
