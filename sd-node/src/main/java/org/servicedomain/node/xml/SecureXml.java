package org.servicedomain.node.xml;

import java.io.StringWriter;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.stream.XMLInputFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerConfigurationException;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import javax.xml.validation.SchemaFactory;
import org.codehaus.stax2.XMLInputFactory2;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * The only places the node makes XML parsers: every one refuses DOCTYPEs and external entities,
 * so no input can make the node read a file or a URL, or expand entities without bound.
 */
public final class SecureXml {

    private static final XMLInputFactory INPUT_FACTORY = newInputFactory();

    private SecureXml() {
    }

    /** A shared StAX factory (thread-safe once configured) that reports but never processes a DTD. */
    public static XMLInputFactory inputFactory() {
        return INPUT_FACTORY;
    }

    private static XMLInputFactory newInputFactory() {
        XMLInputFactory factory = XMLInputFactory.newInstance();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        factory.setProperty(XMLInputFactory.IS_COALESCING, false);
        if (factory.isPropertySupported(XMLInputFactory2.P_INTERN_NS_URIS)) {
            factory.setProperty(XMLInputFactory2.P_INTERN_NS_URIS, false); // URIs are compared with equals, never ==
        }
        return factory;
    }

    /** A namespace-aware DOM builder that fails on any DOCTYPE declaration. */
    public static DocumentBuilder documentBuilder() {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new ThrowingErrorHandler());
            return builder;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser lacks a required security feature", e);
        }
    }

    /** Reports parse problems only as exceptions, never on standard error. */
    private static final class ThrowingErrorHandler implements ErrorHandler {
        @Override
        public void warning(SAXParseException e) {
            // a warning does not stop the parse, and the caller learns nothing from it
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
            throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
            throw e;
        }
    }

    /** A schema factory that loads no schema or DTD from outside what it is handed. */
    public static SchemaFactory schemaFactory() {
        SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        try {
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        } catch (SAXException e) {
            throw new IllegalStateException("the JDK's schema factory lacks a required security feature", e);
        }
        return factory;
    }

    /** {@code node} as XML text: a whole document with its declaration, an element without one. */
    public static String write(org.w3c.dom.Node node) {
        try {
            Transformer transformer = transformerFactory().newTransformer();
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            if (!(node instanceof org.w3c.dom.Document)) {
                transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            }
            StringWriter out = new StringWriter();
            transformer.transform(new DOMSource(node), new StreamResult(out));
            return out.toString();
        } catch (TransformerException e) {
            throw new IllegalStateException("could not write XML the node built itself", e);
        }
    }

    /** A transformer factory for serialising DOMs, with external access switched off. */
    public static TransformerFactory transformerFactory() {
        TransformerFactory factory = TransformerFactory.newInstance();
        try {
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        } catch (TransformerConfigurationException e) {
            throw new IllegalStateException("the JDK's transformer lacks secure processing", e);
        }
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
        return factory;
    }
}
