package org.servicedomain.console;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The launch forms of a virtual port, read from its WSDL (document/literal): per operation the
 * request element, and a field for each simple-typed child of it. An operation whose request has
 * a child that is not simple gets a raw-XML field instead.
 */
final class WsdlForms {

    static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    static final String XSD = "http://www.w3.org/2001/XMLSchema";

    /** One field of a form: a simple-typed child element of the request. */
    public record Field(String name, String type) {
        public String getName() { return name; }
        public String getType() { return type; }
    }

    /** One operation's form. {@code fields} is null when the request needs raw XML. */
    public record OperationForm(String operation, String elementNamespace, String elementName, boolean qualified,
            List<Field> fields) {
        public String getOperation() { return operation; }
        public String getElementName() { return elementName; }
        public List<Field> getFields() { return fields; }
        public boolean isRaw() { return fields == null; }

        /** A starting point for a raw-XML request. */
        public String getTemplate() {
            return "<q:" + elementName + " xmlns:q=\"" + elementNamespace + "\">\n</q:" + elementName + ">";
        }

        /** The request element with {@code values} (one per field, in order), escaped. */
        String payload(List<String> values) {
            StringBuilder xml = new StringBuilder("<q:").append(elementName).append(" xmlns:q=\"")
                    .append(escape(elementNamespace)).append("\">");
            for (int i = 0; i < fields.size(); i++) {
                String tag = (qualified ? "q:" : "") + fields.get(i).name();
                xml.append('<').append(tag).append('>').append(escape(values.get(i))).append("</").append(tag).append('>');
            }
            return xml.append("</q:").append(elementName).append('>').toString();
        }
    }

    private WsdlForms() {
    }

    static List<OperationForm> of(String wsdl) {
        Document doc = ConsoleXml.parse(wsdl);
        List<OperationForm> forms = new ArrayList<>();
        for (Element portType : elements(doc.getDocumentElement(), WSDL, "portType")) {
            for (Element operation : elements(portType, WSDL, "operation")) {
                Element input = elements(operation, WSDL, "input").stream().findFirst().orElse(null);
                if (input == null) {
                    continue;
                }
                requestElement(doc, input.getAttribute("message")).ifPresent(el ->
                        forms.add(form(doc, operation.getAttribute("name"), el)));
            }
        }
        return forms;
    }

    /** The request element named by the input message's part, as {namespace, local name}. */
    private static Optional<String[]> requestElement(Document doc, String messageRef) {
        String messageName = local(messageRef);
        for (Element message : elements(doc.getDocumentElement(), WSDL, "message")) {
            if (message.getAttribute("name").equals(messageName)) {
                for (Element part : elements(message, WSDL, "part")) {
                    if (part.hasAttribute("element")) {
                        String ref = part.getAttribute("element");
                        return Optional.of(new String[] {namespace(part, ref), local(ref)});
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static OperationForm form(Document doc, String operation, String[] element) {
        Element schema = null;
        Element declaration = null;
        for (Element s : elements(doc.getDocumentElement(), XSD, "schema", true)) {
            if (s.getAttribute("targetNamespace").equals(element[0])) {
                for (Element e : elements(s, XSD, "element")) {
                    if (e.getAttribute("name").equals(element[1])) {
                        schema = s;
                        declaration = e;
                    }
                }
            }
        }
        if (declaration == null) {
            return new OperationForm(operation, element[0], element[1], true, null);
        }
        boolean qualified = "qualified".equals(schema.getAttribute("elementFormDefault"));
        Element found = declaration;
        Element type = elements(found, XSD, "complexType").stream().findFirst()
                .orElseGet(() -> namedType(doc, found));
        return new OperationForm(operation, element[0], element[1], qualified, fields(type));
    }

    private static Element namedType(Document doc, Element declaration) {
        if (!declaration.hasAttribute("type")) {
            return null;
        }
        String ns = namespace(declaration, declaration.getAttribute("type"));
        String name = local(declaration.getAttribute("type"));
        for (Element s : elements(doc.getDocumentElement(), XSD, "schema", true)) {
            if (s.getAttribute("targetNamespace").equals(ns)) {
                for (Element t : elements(s, XSD, "complexType")) {
                    if (t.getAttribute("name").equals(name)) {
                        return t;
                    }
                }
            }
        }
        return null;
    }

    /** The simple-typed children of a sequence, or null when any child is not simple. */
    private static List<Field> fields(Element complexType) {
        if (complexType == null) {
            return null;
        }
        List<Field> fields = new ArrayList<>();
        for (Element sequence : elements(complexType, XSD, "sequence")) {
            for (Node n = sequence.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (!(n instanceof Element child)) {
                    continue;
                }
                if (!XSD.equals(child.getNamespaceURI()) || !"element".equals(child.getLocalName())
                        || !child.hasAttribute("type") || !XSD.equals(namespace(child, child.getAttribute("type")))) {
                    return null;
                }
                fields.add(new Field(child.getAttribute("name"), local(child.getAttribute("type"))));
            }
        }
        return fields;
    }

    private static String namespace(Element context, String qname) {
        int colon = qname.indexOf(':');
        String ns = context.lookupNamespaceURI(colon < 0 ? null : qname.substring(0, colon));
        return ns == null ? "" : ns;
    }

    private static String local(String qname) {
        return qname.substring(qname.indexOf(':') + 1);
    }

    private static List<Element> elements(Element parent, String ns, String name) {
        return elements(parent, ns, name, false);
    }

    private static List<Element> elements(Element parent, String ns, String name, boolean deep) {
        List<Element> found = new ArrayList<>();
        if (deep) {
            NodeList all = parent.getElementsByTagNameNS(ns, name);
            for (int i = 0; i < all.getLength(); i++) {
                found.add((Element) all.item(i));
            }
            return found;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && ns.equals(e.getNamespaceURI()) && name.equals(e.getLocalName())) {
                found.add(e);
            }
        }
        return found;
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
