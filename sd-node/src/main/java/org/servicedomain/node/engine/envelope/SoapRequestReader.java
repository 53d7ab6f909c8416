package org.servicedomain.node.engine.envelope;

import java.io.ByteArrayInputStream;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.codehaus.stax2.LocationInfo;
import org.codehaus.stax2.XMLInputFactory2;
import org.codehaus.stax2.XMLStreamReader2;
import org.codehaus.stax2.io.Stax2ByteArraySource;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.xml.SecureXml;

/**
 * Streams once through a request envelope without building a DOM: checks it is well-formed, has
 * no DOCTYPE and is of the port's SOAP version, and picks out the operation element and the
 * session header. Anything else is a {@code BadRequest}. Plain messages take a cheaper pass that
 * checks the same ({@link PlainEnvelopeReader}).
 */
public final class SoapRequestReader {

    public static final QName SESSION_HEADER = new QName("urn:sd:home:1", "session");

    private SoapRequestReader() {
    }

    /**
     * The request's envelope, checked. A plain message (nearly all) is checked and read by
     * {@link PlainEnvelopeReader} without a parser; any other, and any the plain look is unsure of, by StAX.
     */
    public static SoapRequest read(byte[] body, SoapVersion version) {
        SoapRequest plain = PlainEnvelopeReader.read(body, version);
        return plain != null ? plain : parse(body, version);
    }

    /** The StAX pass: every message XML allows, and the words of every refusal. */
    static SoapRequest parse(byte[] body, SoapVersion version) {
        XMLStreamReader reader;
        try {
            reader = SecureXml.inputFactory() instanceof XMLInputFactory2 stax2
                    ? stax2.createXMLStreamReader(new Stax2ByteArraySource(body, 0, body.length)) // read in place, no stream
                    : SecureXml.inputFactory().createXMLStreamReader(new ByteArrayInputStream(body));
        } catch (XMLStreamException e) {
            throw badRequest("the request is not XML: " + e.getMessage());
        }
        try {
            return scan(reader, version);
        } catch (XMLStreamException e) {
            throw badRequest("the request is not well-formed XML: " + e.getMessage());
        } finally {
            try {
                reader.close();
            } catch (XMLStreamException e) {
                throw badRequest("the request is not well-formed XML: " + e.getMessage());
            }
        }
    }

    private static SoapRequest scan(XMLStreamReader reader, SoapVersion version) throws XMLStreamException {
        String envelopeNs = version.envelopeNamespace();
        int depth = 0;
        boolean inHeader = false;
        boolean inBody = false;
        boolean sawBody = false;
        QName operation = null;
        String session = null;
        long sessionStart = -1;
        long sessionEnd = -1;
        while (reader.hasNext()) {
            int event = reader.next();
            switch (event) {
                case XMLStreamConstants.DTD -> throw badRequest("a DOCTYPE is not allowed in a SOAP message");
                case XMLStreamConstants.ENTITY_REFERENCE -> throw badRequest("entity references are not allowed");
                case XMLStreamConstants.END_ELEMENT -> {
                    depth--;
                    if (depth == 1) {
                        inHeader = false;
                        inBody = false;
                    }
                }
                case XMLStreamConstants.START_ELEMENT -> {
                    depth++;
                    QName name = reader.getName();
                    if (depth == 1) {
                        requireEnvelope(name, version);
                    } else if (depth == 2) {
                        inHeader = envelopeNs.equals(name.getNamespaceURI()) && "Header".equals(name.getLocalPart());
                        inBody = envelopeNs.equals(name.getNamespaceURI()) && "Body".equals(name.getLocalPart());
                        sawBody |= inBody;
                    } else if (depth == 3 && inBody && operation == null) {
                        operation = name;
                    } else if (depth == 3 && inHeader && SESSION_HEADER.equals(name)) {
                        if (session != null) {
                            throw badRequest("the envelope has more than one sd:session header");
                        }
                        sessionStart = charOffset(reader, true);
                        session = sessionId(reader);
                        sessionEnd = sessionStart < 0 ? -1 : charOffset(reader, false);
                        depth--;
                    }
                }
                default -> {
                }
            }
        }
        if (!sawBody) {
            throw badRequest("the envelope has no soap:Body");
        }
        if (operation == null) {
            throw badRequest("the soap:Body is empty, so it names no operation");
        }
        boolean utf8 = reader.getEncoding() == null || "UTF-8".equalsIgnoreCase(reader.getEncoding());
        return utf8 ? new SoapRequest(operation, session, sessionStart, sessionEnd) : new SoapRequest(operation, session, -1, -1);
    }

    /** Where the current event starts (or ends) in the decoded characters; -1 when the parser cannot say. */
    private static long charOffset(XMLStreamReader reader, boolean start) throws XMLStreamException {
        if (!(reader instanceof XMLStreamReader2 located)) {
            return -1;
        }
        LocationInfo where = located.getLocationInfo();
        return start ? where.getStartingCharOffset() : where.getEndingCharOffset();
    }

    private static String sessionId(XMLStreamReader reader) {
        try {
            return reader.getElementText().trim();
        } catch (XMLStreamException e) {
            throw badRequest("the sd:session header must hold only the session id as text");
        }
    }

    private static void requireEnvelope(QName root, SoapVersion version) {
        if ("Envelope".equals(root.getLocalPart())) {
            for (SoapVersion other : SoapVersion.values()) {
                if (other != version && other.envelopeNamespace().equals(root.getNamespaceURI())) {
                    throw badRequest("a SOAP " + other.label() + " envelope was sent to a SOAP "
                            + version.label() + " port");
                }
            }
            if (version.envelopeNamespace().equals(root.getNamespaceURI())) {
                return;
            }
        }
        throw badRequest("the root element " + root + " is not a SOAP " + version.label() + " Envelope");
    }

    public static NodeFault badRequest(String message) {
        return new NodeFault(FaultCode.BadRequest, message);
    }
}
