package org.servicedomain.node.engine.envelope;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.policy.OperationMapping;
import org.servicedomain.node.xml.SecureXml;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * Turns a request for a mapped operation into the providers' own: renames the operation element
 * and puts each fixed argument where the request's schema wants it. Only mapped operations pay
 * for this DOM; every other request is forwarded byte for byte.
 */
public final class OperationRewrite {

    private OperationRewrite() {
    }

    public static byte[] rewrite(byte[] envelope, VirtualPort port, OperationMapping mapping) {
        QName target = port.elementOf(mapping.operation()).orElseThrow(() -> new NodeFault(FaultCode.BadRequest,
                "virtual port " + port.name() + " has no operation " + mapping.operation() + " to map " + mapping.name() + " to"));
        Document document = parse(envelope);
        Element request = operationElement(document);
        Element renamed = (Element) document.renameNode(request, target.getNamespaceURI(),
                qualified(request.getPrefix(), target.getLocalPart()));
        List<QName> shape = port.requestShapes().getOrDefault(mapping.operation(), List.of());
        refuseFixedArgumentsGiven(renamed, mapping);
        for (Map.Entry<String, String> argument : mapping.arguments().entrySet()) {
            insert(renamed, argument.getKey(), argument.getValue(), shape, target.getNamespaceURI());
        }
        return SecureXml.write(document).getBytes(StandardCharsets.UTF_8);
    }

    private static void insert(Element request, String name, String value, List<QName> shape, String defaultNamespace) {
        int position = indexOf(shape, name);
        QName qname = position >= 0 ? shape.get(position) : new QName(defaultNamespace, name);
        Element argument = request.getOwnerDocument().createElementNS(qname.getNamespaceURI().isEmpty() ? null
                : qname.getNamespaceURI(), qualified(qname.getNamespaceURI().equals(request.getNamespaceURI())
                        ? request.getPrefix() : null, name));
        argument.setTextContent(value);
        Node before = null;
        for (Node n = request.getFirstChild(); n != null && position >= 0; n = n.getNextSibling()) {
            if (n instanceof Element existing && indexOf(shape, existing.getLocalName()) > position) {
                before = existing;
                break;
            }
        }
        request.insertBefore(argument, before);
    }

    /** The fixed arguments are the mapping's to set: a request that sends one itself is refused. */
    private static void refuseFixedArgumentsGiven(Element request, OperationMapping mapping) {
        for (Node n = request.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child && mapping.arguments().containsKey(child.getLocalName())) {
                throw new NodeFault(FaultCode.BadRequest, "operation " + mapping.name() + " sets " + child.getLocalName()
                        + " itself; the request may not send it");
            }
        }
    }

    private static int indexOf(List<QName> shape, String localName) {
        for (int i = 0; i < shape.size(); i++) {
            if (shape.get(i).getLocalPart().equals(localName)) {
                return i;
            }
        }
        return -1;
    }

    private static String qualified(String prefix, String local) {
        return prefix == null || prefix.isEmpty() ? local : prefix + ":" + local;
    }

    private static Element operationElement(Document document) {
        for (Node part = document.getDocumentElement().getFirstChild(); part != null; part = part.getNextSibling()) {
            if (part instanceof Element e && "Body".equals(e.getLocalName())) {
                for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
                    if (n instanceof Element request) {
                        return request;
                    }
                }
            }
        }
        throw new NodeFault(FaultCode.BadRequest, "the soap:Body is empty, so it names no operation");
    }

    private static Document parse(byte[] envelope) {
        try {
            return SecureXml.documentBuilder().parse(new ByteArrayInputStream(envelope));
        } catch (SAXException | IOException e) {
            throw new NodeFault(FaultCode.BadRequest, "the request is not well-formed XML: " + e.getMessage());
        }
    }
}
