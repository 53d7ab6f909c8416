package org.servicedomain.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The policy editor's completion table (static/policy-schema.js) names only what policy.xsd defines. */
class PolicySchemaInfoTest {

    private static final Pattern ENTRY = Pattern.compile("(?m)^ {4}(\\w+): \\{ attrs: \\{(.*?)\\}, children: \\[(.*?)\\] \\}");
    private static final Pattern ATTRIBUTE = Pattern.compile("(\\w+): (?:null|\\[)");
    private static final Pattern QUOTED = Pattern.compile("\"(\\w+)\"");

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

    private static Set<String> declared(String kind) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        Set<String> names = new TreeSet<>();
        try (InputStream xsd = PolicySchemaInfoTest.class.getResourceAsStream("/org/servicedomain/schemas/policy.xsd")) {
            assertThat(xsd).as("policy.xsd on the classpath").isNotNull();
            NodeList nodes = factory.newDocumentBuilder().parse(xsd)
                    .getElementsByTagNameNS(XMLConstants.W3C_XML_SCHEMA_NS_URI, kind);
            for (int i = 0; i < nodes.getLength(); i++) {
                String name = ((Element) nodes.item(i)).getAttribute("name");
                if (!name.isEmpty()) {
                    names.add(name);
                }
            }
        }
        return names;
    }
}
