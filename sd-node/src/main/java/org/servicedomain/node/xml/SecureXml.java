package org.servicedomain.node.xml;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.stream.XMLInputFactory;
import javax.xml.transform.TransformerFactory;
import javax.xml.validation.SchemaFactory;
import org.codehaus.stax2.XMLInputFactory2;
import org.servicedomain.client.xml.SecureDom;
import org.xml.sax.SAXException;

/**
 * The only places the node makes XML parsers: every one refuses DOCTYPEs and external entities,
 * so no input can make the node read a file or a URL, or expand entities without bound. The DOM
 * builder and writer are the client driver's {@link SecureDom}, which its discovery shares.
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

    /** A namespace-aware DOM builder that fails on any DOCTYPE declaration (the client driver's, shared). */
    public static DocumentBuilder documentBuilder() {
        return SecureDom.documentBuilder();
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
        return SecureDom.write(node);
    }

    /** A transformer factory for serialising DOMs, with external access switched off. */
    public static TransformerFactory transformerFactory() {
        return SecureDom.transformerFactory();
    }
}
