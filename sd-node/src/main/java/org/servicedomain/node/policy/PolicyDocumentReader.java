package org.servicedomain.node.policy;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.UnmarshalException;
import jakarta.xml.bind.Unmarshaller;
import jakarta.xml.bind.ValidationEvent;
import jakarta.xml.bind.ValidationEventLocator;
import java.io.StringReader;
import java.net.URL;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;
import javax.xml.validation.Schema;
import org.servicedomain.node.xml.SecureXml;
import org.servicedomain.policy.v1.Policy;
import org.xml.sax.SAXException;

/**
 * Reads a policy document into its JAXB form, validating it against {@code policy.xsd}. The first
 * problem found is reported with its line and column; DOCTYPEs are refused.
 */
public final class PolicyDocumentReader {

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
            unmarshaller.setEventHandler(firstError);
            XMLStreamReader reader = new NoDoctypeReader(
                    SecureXml.inputFactory().createXMLStreamReader(new StringReader(document)));
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
                throw new InvalidPolicyException(at.getLineNumber(), at.getColumnNumber(), firstError.event.getMessage());
            }
            Throwable cause = e.getLinkedException() != null ? e.getLinkedException() : e;
            if (cause instanceof XMLStreamException xse) {
                throw located(xse.getLocation(), xse.getMessage());
            }
            throw new InvalidPolicyException(1, 1, String.valueOf(cause.getMessage()));
        } catch (JAXBException e) {
            throw new IllegalStateException("the policy reader is misconfigured", e);
        }
    }

    private static InvalidPolicyException located(Location location, String message) {
        int line = location == null ? 1 : Math.max(1, location.getLineNumber());
        int column = location == null ? 1 : Math.max(1, location.getColumnNumber());
        return new InvalidPolicyException(line, column, message);
    }

    /** Stops at the first validation event, keeping it for the report. */
    private static final class FirstError implements jakarta.xml.bind.ValidationEventHandler {
        private ValidationEvent event;

        @Override
        public boolean handleEvent(ValidationEvent e) {
            if (event == null) {
                event = e;
            }
            return false;
        }
    }

    /** Fails on a DOCTYPE instead of letting the unmarshaller skip it. */
    private static final class NoDoctypeReader extends StreamReaderDelegate {
        NoDoctypeReader(XMLStreamReader reader) {
            super(reader);
        }

        @Override
        public int next() throws XMLStreamException {
            int event = super.next();
            if (event == XMLStreamConstants.DTD) {
                throw new XMLStreamException("a DOCTYPE is not allowed in a policy", getLocation());
            }
            return event;
        }
    }
}
