package org.servicedomain.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The policy editor's completion table (static/policy-schema.js) names only what policy.xsd defines,
 * every element of it, and each with exactly the attributes the schema gives it.
 */
class PolicySchemaInfoTest {

    private static final Pattern ENTRY = Pattern.compile("(?m)^ {4}(\\w+): \\{ attrs: \\{(.*?)\\}, children: \\[(.*?)\\] \\}");
    private static final Pattern ATTRIBUTE = Pattern.compile("(\\w+): (?:null|\\[)");
    private static final Pattern QUOTED = Pattern.compile("\"(\\w+)\"");
    private static final String XSD = XMLConstants.W3C_XML_SCHEMA_NS_URI;

    @Test
    void everyElementAndAttributeInTheEditorsTableIsDeclaredInPolicyXsd() throws Exception {
        String table = Files.readString(Path.of("src/main/webapp/static/policy-schema.js"), StandardCharsets.UTF_8);
        Set<String> elements = new TreeSet<>();
        Set<String> attributes = new TreeSet<>();
        Matcher entry = ENTRY.matcher(table);
        while (entry.find()) {
            elements.add(entry.group(1));
            ATTRIBUTE.matcher(entry.group(2)).results().map(m -> m.group(1))
                    .filter(name -> !name.equals("xmlns")).forEach(attributes::add);
            QUOTED.matcher(entry.group(3)).results().map(m -> m.group(1)).forEach(elements::add);
        }

        assertThat(elements).as("elements the table offers").hasSizeGreaterThan(20)
                .isSubsetOf(declared("element"));
        assertThat(attributes).as("attributes the table offers").isNotEmpty().isSubsetOf(declared("attribute"));
    }

    @Test
    void theTableCoversEveryElementOfPolicyXsd() throws Exception {
        String table = Files.readString(Path.of("src/main/webapp/static/policy-schema.js"), StandardCharsets.UTF_8);
        Set<String> keys = new TreeSet<>();
        ENTRY.matcher(table).results().map(m -> m.group(1)).forEach(keys::add);

        assertThat(keys).containsAll(declared("element"));
    }

    @Test
    void everyElementOffersExactlyTheAttributesPolicyXsdGivesIt() throws Exception {
        String table = Files.readString(Path.of("src/main/webapp/static/policy-schema.js"), StandardCharsets.UTF_8);
        Map<String, Set<String>> offered = new TreeMap<>();
        ENTRY.matcher(table).results().forEach(m -> offered.put(m.group(1), ATTRIBUTE.matcher(m.group(2)).results()
                .map(a -> a.group(1)).filter(name -> !name.equals("xmlns")).collect(Collectors.toCollection(TreeSet::new))));

        assertThat(offered).as("attributes per element in the table (actual) and in policy.xsd (expected)")
                .isEqualTo(attributesByElement());
    }

    private static Set<String> declared(String kind) throws Exception {
        Set<String> names = new TreeSet<>();
        NodeList nodes = schema().getElementsByTagNameNS(XSD, kind);
        for (int i = 0; i < nodes.getLength(); i++) {
            String name = ((Element) nodes.item(i)).getAttribute("name");
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        return names;
    }

    /** Each element of policy.xsd with the attributes of its type (all of them, where two types share a name). */
    private static Map<String, Set<String>> attributesByElement() throws Exception {
        Document xsd = schema();
        Map<String, Element> named = new HashMap<>();
        for (String kind : List.of("complexType", "attributeGroup")) {
            NodeList nodes = xsd.getElementsByTagNameNS(XSD, kind);
            for (int i = 0; i < nodes.getLength(); i++) {
                Element type = (Element) nodes.item(i);
                if (!type.getAttribute("name").isEmpty()) {
                    named.put(type.getAttribute("name"), type);
                }
            }
        }
        Map<String, Set<String>> attributes = new TreeMap<>();
        NodeList elements = xsd.getElementsByTagNameNS(XSD, "element");
        for (int i = 0; i < elements.getLength(); i++) {
            Element element = (Element) elements.item(i);
            Set<String> of = attributes.computeIfAbsent(element.getAttribute("name"), name -> new TreeSet<>());
            String type = localName(element.getAttribute("type"));
            collect(type.isEmpty() ? element : named.get(type), named, of);
        }
        return attributes;
    }

    /** Adds the attributes declared below {@code type}, following attribute groups and extended types; null (a simple type) has none. */
    private static void collect(Element type, Map<String, Element> named, Set<String> into) {
        if (type == null) {
            return;
        }
        NodeList children = type.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (!(children.item(i) instanceof Element child) || !XSD.equals(child.getNamespaceURI())) {
                continue;
            }
            switch (child.getLocalName()) {
                case "attribute" -> into.add(child.getAttribute("name"));
                case "attributeGroup" -> collect(named.get(localName(child.getAttribute("ref"))), named, into);
                case "extension" -> {
                    collect(named.get(localName(child.getAttribute("base"))), named, into);
                    collect(child, named, into);
                }
                case "complexType", "complexContent" -> collect(child, named, into);
                default -> { } // sequences hold elements, which have their own entries
            }
        }
    }

    private static String localName(String qualified) {
        return qualified.substring(qualified.indexOf(':') + 1);
    }

    private static Document schema() throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        try (InputStream xsd = PolicySchemaInfoTest.class.getResourceAsStream("/org/servicedomain/schemas/policy.xsd")) {
            assertThat(xsd).as("policy.xsd on the classpath").isNotNull();
            return factory.newDocumentBuilder().parse(xsd);
        }
    }
}
