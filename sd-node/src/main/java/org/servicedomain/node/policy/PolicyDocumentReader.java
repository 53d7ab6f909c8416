package org.servicedomain.node.policy;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.UnmarshalException;
import jakarta.xml.bind.Unmarshaller;
import jakarta.xml.bind.ValidationEvent;
import jakarta.xml.bind.ValidationEventLocator;
import java.io.StringReader;
import java.net.URL;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;
import javax.xml.validation.Schema;
import org.servicedomain.node.core.LogText;
import org.servicedomain.node.xml.SecureXml;
import org.servicedomain.policy.v1.Policy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xml.sax.SAXException;

/**
 * Reads a policy document into its JAXB form, validating it against {@code policy.xsd}. The first
 * problem found is reported with its line and column in the policy language's words
 * ({@link SchemaWords}); DOCTYPEs are refused.
 */
public final class PolicyDocumentReader {

    private static final Logger LOG = LoggerFactory.getLogger(PolicyDocumentReader.class);
    private static final String SCHEMA = "/org/servicedomain/schemas/policy.xsd";

    private final JAXBContext context;
    private final Schema schema;

    public PolicyDocumentReader() {
        try {
            this.context = JAXBContext.newInstance(Policy.class);
            URL xsd = PolicyDocumentReader.class.getResource(SCHEMA);
            this.schema = SecureXml.schemaFactory().newSchema(xsd);
        } catch (JAXBException | SAXException e) {
            throw new IllegalStateException("the policy schema could not be loaded", e);
        }
    }

    public Policy read(String document) {
        FirstError firstError = new FirstError();
        try {
            Unmarshaller unmarshaller = context.createUnmarshaller();
            unmarshaller.setSchema(schema);
            NoDoctypeReader reader = new NoDoctypeReader(SecureXml.inputFactory().createXMLStreamReader(new StringReader(document)));
            firstError.reader = reader;
            unmarshaller.setEventHandler(firstError);
            Object result = unmarshaller.unmarshal(reader);
            if (!(result instanceof Policy policy)) {
                throw new InvalidPolicyException(1, 1, "the root element is not {urn:sd:policy:1}policy");
            }
            return policy;
        } catch (XMLStreamException e) {
            throw located(e.getLocation(), e.getMessage());
        } catch (UnmarshalException e) {
            if (firstError.event != null) {
                ValidationEventLocator at = firstError.event.getLocator();
                throw refused(at.getLineNumber(), at.getColumnNumber(), firstError.event.getMessage(),
                        SchemaWords.of(firstError.event.getMessage(), firstError.position));
            }
            Throwable cause = e.getLinkedException() != null ? e.getLinkedException() : e;
            if (cause instanceof XMLStreamException xse) {
                throw located(xse.getLocation(), xse.getMessage());
            }
            throw refused(1, 1, String.valueOf(cause.getMessage()), SchemaWords.notWellFormed(cause.getMessage()));
        } catch (JAXBException e) {
            throw new IllegalStateException("the policy reader is misconfigured", e);
        }
    }

    private static InvalidPolicyException located(Location location, String message) {
        int line = location == null ? 1 : Math.max(1, location.getLineNumber());
        int column = location == null ? 1 : Math.max(1, location.getColumnNumber());
        return refused(line, column, message, SchemaWords.notWellFormed(message));
    }

    /** The refusal in the policy language's words; the parser's own words go to the log only. */
    private static InvalidPolicyException refused(int line, int column, String raw, String words) {
        LOG.info("policy refused at line {}, column {}; the parser said: {}", line, column, LogText.of(String.valueOf(raw)));
        return new InvalidPolicyException(Math.max(1, line), Math.max(1, column), words);
    }

    /** Stops at the first validation event, keeping it and where the reader stood for the report. */
    private static final class FirstError implements jakarta.xml.bind.ValidationEventHandler {
        private ValidationEvent event;
        private SchemaWords.Position position;
        private NoDoctypeReader reader;

        @Override
        public boolean handleEvent(ValidationEvent e) {
            if (event == null) {
                event = e;
                position = reader == null ? new SchemaWords.Position("", null, null, Map.of()) : reader.position();
            }
            return false;
        }
    }

    /**
     * Fails on a DOCTYPE instead of letting the unmarshaller skip it, and keeps the element it stands
     * in (with its attributes and parent) so that a validation error can name them.
     */
    private static final class NoDoctypeReader extends StreamReaderDelegate {
        private final Deque<String> open = new ArrayDeque<>();
        private boolean closing;
        private String namespace = "";
        private Map<String, String> attributes = Map.of();

        NoDoctypeReader(XMLStreamReader reader) {
            super(reader);
        }

        @Override
        public int next() throws XMLStreamException {
            if (closing) {
                open.pop();
                closing = false;
            }
            int event = super.next();
            if (event == XMLStreamConstants.DTD) {
                throw new XMLStreamException("a DOCTYPE is not allowed in a policy", getLocation());
            }
            if (event == XMLStreamConstants.START_ELEMENT) {
                open.push(getLocalName());
                namespace = getNamespaceURI() == null ? "" : getNamespaceURI();
                Map<String, String> found = new LinkedHashMap<>();
                for (int i = 0; i < getAttributeCount(); i++) {
                    found.put(getAttributeLocalName(i), getAttributeValue(i));
                }
                attributes = found;
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                closing = true;
                attributes = Map.of();
            }
            return event;
        }

        SchemaWords.Position position() {
            Iterator<String> names = open.iterator();
            String element = names.hasNext() ? names.next() : null;
            String parent = names.hasNext() ? names.next() : null;
            return new SchemaWords.Position(namespace, element, parent, attributes);
        }
    }
}
