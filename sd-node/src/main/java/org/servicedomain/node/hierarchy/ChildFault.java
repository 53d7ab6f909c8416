package org.servicedomain.node.hierarchy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.xml.StreamedXml;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code sd:fault} detail of a child node's SOAP fault: its code, message and attempts (with
 * their paths below the child). Read with StAX, only from replies that are errors.
 */
public record ChildFault(String code, String message, List<NodeFault.Attempt> attempts) {

    private static final Logger LOG = LoggerFactory.getLogger(ChildFault.class);

    public ChildFault {
        attempts = List.copyOf(attempts);
    }

    /** The node fault in {@code body}, or null when it holds none (e.g. a provider's own fault passed up). */
    public static ChildFault read(byte[] body) {
        try {
            return StreamedXml.read(body, ChildFault::firstFault);
        } catch (XMLStreamException e) {
            LOG.debug("a child's error reply is not XML", e);
            return null;
        }
    }

    private static ChildFault firstFault(XMLStreamReader reader) throws XMLStreamException {
        while (reader.hasNext()) {
            if (reader.next() == XMLStreamConstants.START_ELEMENT && ContextHeader.NAMESPACE.equals(reader.getNamespaceURI())
                    && "fault".equals(reader.getLocalName())) {
                return fault(reader);
            }
        }
        return null;
    }

    private static ChildFault fault(XMLStreamReader reader) throws XMLStreamException {
        Map<String, String> fields = new HashMap<>();
        List<NodeFault.Attempt> attempts = new ArrayList<>();
        while (reader.hasNext()) {
            int event = reader.next();
            if (event == XMLStreamConstants.END_ELEMENT) {
                break;
            }
            if (event == XMLStreamConstants.START_ELEMENT) {
                if ("attempt".equals(reader.getLocalName())) {
                    attempts.add(attempt(reader));
                } else {
                    fields.put(reader.getLocalName(), reader.getElementText());
                }
            }
        }
        return new ChildFault(fields.get("code"), fields.get("message"), attempts);
    }

    private static NodeFault.Attempt attempt(XMLStreamReader reader) throws XMLStreamException {
        Map<String, String> fields = new HashMap<>();
        while (reader.hasNext()) {
            int event = reader.next();
            if (event == XMLStreamConstants.END_ELEMENT) {
                break;
            }
            if (event == XMLStreamConstants.START_ELEMENT) {
                fields.put(reader.getLocalName(), reader.getElementText());
            }
        }
        return new NodeFault.Attempt(fields.get("instanceId"), fields.get("endpointAddress"), fields.get("reason"),
                fields.get("path"));
    }
}
