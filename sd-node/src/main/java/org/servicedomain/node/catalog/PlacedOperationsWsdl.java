package org.servicedomain.node.catalog;

import static org.servicedomain.node.catalog.ServiceDescriptionParser.WSDL_NS;
import static org.servicedomain.node.catalog.ServiceDescriptionParser.children;
import static org.servicedomain.node.catalog.ServiceDescriptionParser.resolve;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.xml.SecureXml;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * The union WSDL of a virtual port that placed port types add operations to: the
 * port's own WSDL with, for each added operation, its port-type and binding operation and its
 * messages copied from a WSDL that declares it, and that WSDL's schemas, in their own namespaces.
 * Built once per set of contributing WSDLs and kept; a WSDL that cannot be read leaves the port's own.
 */
final class PlacedOperationsWsdl implements UnionWsdl {

    private static final Logger LOG = LoggerFactory.getLogger(PlacedOperationsWsdl.class);
    private static final String XMLNS = XMLConstants.XMLNS_ATTRIBUTE_NS_URI;
    private static final String TNS_PREFIX = "sdvptns";
    /** The union WSDLs kept; a node has few ports joined by placed port types. */
    private static final int KEPT = 64;

    private final Function<String, Document> wsdlByDigest;
    private final Map<String, String> built = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > KEPT;
        }
    });

    /** @param wsdlByDigest the parsed cached WSDL of a digest (read-only to this class); throws when it cannot be read */
    PlacedOperationsWsdl(Function<String, Document> wsdlByDigest) {
        this.wsdlByDigest = wsdlByDigest;
    }

    @Override
    public String template(VirtualPort port, List<PlacedPortType> contributing, Map<QName, String> extra) {
        Set<String> key = new TreeSet<>();
        contributing.forEach(i -> key.add(i.wsdlDigest() + i.portType()));
        extra.keySet().forEach(e -> key.add(e.toString()));
        String cacheKey = port.wsdlDigest() + port.binding() + key;
        String kept = built.get(cacheKey);
        if (kept != null) {
            return kept;
        }
        try {
            String union = union(port, contributing, extra);
            built.put(cacheKey, union);
            return union;
        } catch (RuntimeException e) {
            LOG.warn("the WSDL of virtual port {} shows only its own operations: the WSDL of a placed port type"
                    + " could not be joined to it", port.name(), e);
            return port.wsdlTemplate();
        }
    }

    private String union(VirtualPort port, List<PlacedPortType> contributing, Map<QName, String> extra) {
        Document document = VirtualWsdl.parse(port.wsdlTemplate());
        Element definitions = document.getDocumentElement();
        definitions.setAttributeNS(XMLNS, "xmlns:" + TNS_PREFIX, definitions.getAttribute("targetNamespace"));
        Element portType = named(definitions, "portType", port.portType().getLocalPart());
        Element binding = named(definitions, "binding", port.binding().getLocalPart());
        Set<String> joinedWsdls = new HashSet<>();
        for (Map.Entry<QName, String> operation : extra.entrySet()) {
            PlacedPortType from = contributing.stream()
                    .filter(t -> t.operations().containsKey(operation.getKey()))
                    .findFirst().orElseThrow();
            Element source = wsdlByDigest.apply(from.wsdlDigest()).getDocumentElement();
            if (joinedWsdls.add(from.wsdlDigest())) {
                copySchemas(source, definitions);
            }
            Element sourceOperation = operationOf(named(source, "portType", from.portType().getLocalPart()),
                    operation.getValue());
            Element copied = (Element) document.importNode(sourceOperation, true);
            for (Element message : messageReferences(copied)) {
                QName name = resolve(messageReferenceIn(sourceOperation, message), message.getAttribute("message"));
                message.setAttribute("message", TNS_PREFIX + ":" + copyMessage(source, name, definitions, portType));
            }
            portType.appendChild(copied);
            binding.appendChild(document.importNode(operationOf(bindingOf(source, from.portType(), port), operation.getValue()),
                    true));
        }
        return SecureXml.write(document);
    }

    /** The input, output and fault elements of a port-type operation, which name messages. */
    private static List<Element> messageReferences(Element operation) {
        List<Element> references = new ArrayList<>();
        for (String kind : List.of("input", "output", "fault")) {
            references.addAll(children(operation, WSDL_NS, kind));
        }
        return references;
    }

    /** The element of {@code original} that {@code copy} was copied from, to resolve its prefixes where they were declared. */
    private static Element messageReferenceIn(Element original, Element copy) {
        List<Element> copies = messageReferences((Element) copy.getParentNode());
        return messageReferences(original).get(copies.indexOf(copy));
    }

    /** Copies the message {@code name} of {@code source} in before {@code portType}, under a name not yet taken; returns it. */
    private static String copyMessage(Element source, QName name, Element definitions, Element portType) {
        Element message = named(source, "message", name.getLocalPart());
        Set<String> taken = new HashSet<>();
        children(definitions, WSDL_NS, "message").forEach(m -> taken.add(m.getAttribute("name")));
        String newName = name.getLocalPart();
        for (int n = 2; taken.contains(newName); n++) {
            newName = name.getLocalPart() + n;
        }
        Element copy = (Element) definitions.getOwnerDocument().importNode(message, true);
        copy.setAttribute("name", newName);
        List<Element> originalParts = children(message, WSDL_NS, "part");
        List<Element> parts = children(copy, WSDL_NS, "part");
        for (int i = 0; i < parts.size(); i++) {
            for (String attribute : List.of("element", "type")) {
                if (parts.get(i).hasAttribute(attribute)) {
                    QName value = resolve(originalParts.get(i), parts.get(i).getAttribute(attribute));
                    parts.get(i).setAttributeNS(XMLNS, "xmlns:sdpart", value.getNamespaceURI());
                    parts.get(i).setAttribute(attribute, "sdpart:" + value.getLocalPart());
                }
            }
        }
        definitions.insertBefore(copy, portType);
        return newName;
    }

    /** Copies the inline schemas of {@code source} whose namespace the port's WSDL lacks, each with the prefixes in scope where it stood. */
    private static void copySchemas(Element source, Element definitions) {
        Set<String> present = new HashSet<>();
        RequestShapes.schemas(definitions.getOwnerDocument()).forEach(s -> present.add(s.getAttribute("targetNamespace")));
        Element types = children(definitions, WSDL_NS, "types").stream().findFirst().orElseGet(() -> {
            Element created = definitions.getOwnerDocument().createElementNS(WSDL_NS, "wsdl:types");
            definitions.insertBefore(created, definitions.getFirstChild());
            return created;
        });
        for (Element schema : RequestShapes.schemas(source.getOwnerDocument())) {
            if (present.add(schema.getAttribute("targetNamespace"))) {
                Element copy = (Element) definitions.getOwnerDocument().importNode(schema, true);
                declareInheritedPrefixes(schema, copy);
                types.appendChild(copy);
            }
        }
    }

    private static void declareInheritedPrefixes(Element original, Element copy) {
        for (Node n = original.getParentNode(); n instanceof Element ancestor; n = n.getParentNode()) {
            NamedNodeMap attributes = ancestor.getAttributes();
            for (int i = 0; i < attributes.getLength(); i++) {
                Attr attribute = (Attr) attributes.item(i);
                if (XMLNS.equals(attribute.getNamespaceURI()) && !copy.hasAttributeNS(XMLNS, attribute.getLocalName())) {
                    copy.setAttributeNS(XMLNS, attribute.getName(), attribute.getValue());
                }
            }
        }
    }

    /** The binding of {@code portType} in {@code source} in the port's SOAP version. */
    private static Element bindingOf(Element source, QName portType, VirtualPort port) {
        for (Element binding : children(source, WSDL_NS, "binding")) {
            if (portType.equals(resolve(binding, binding.getAttribute("type")))
                    && !children(binding, port.soapVersion().wsdlBindingNamespace(), "binding").isEmpty()) {
                return binding;
            }
        }
        throw new IllegalStateException("no SOAP " + port.soapVersion().label() + " binding of " + portType);
    }

    private static Element operationOf(Element parent, String name) {
        return children(parent, WSDL_NS, "operation").stream().filter(o -> name.equals(o.getAttribute("name")))
                .findFirst().orElseThrow(() -> new IllegalStateException("no operation " + name + " in "
                        + parent.getAttribute("name")));
    }

    private static Element named(Element definitions, String kind, String name) {
        return children(definitions, WSDL_NS, kind).stream().filter(e -> name.equals(e.getAttribute("name")))
                .findFirst().orElseThrow(() -> new IllegalStateException("no " + kind + " named " + name));
    }
}
