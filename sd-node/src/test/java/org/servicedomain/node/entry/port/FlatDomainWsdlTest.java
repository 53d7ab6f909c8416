package org.servicedomain.node.entry.port;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import javax.wsdl.Binding;
import javax.wsdl.Definition;
import javax.wsdl.Operation;
import javax.wsdl.Port;
import javax.wsdl.Service;
import javax.wsdl.factory.WSDLFactory;
import javax.wsdl.xml.WSDLReader;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.xml.SecureXml;
import org.xml.sax.InputSource;

/** The flat domain WSDL keeps every port's components apart when their names clash, and their references intact. */
class FlatDomainWsdlTest {

    @Test
    void twoPortsWithTheSameNamesGetTheSecondPrefixedAndEveryReferenceStillResolves() throws Exception {
        String wsdl = resource("/wsdl/stock-quote-soap11.wsdl");

        String flat = new FlatDomainWsdl("main", "urn:sd:domain:1", "").add("Quotes", wsdl).add("Quotes2", wsdl).text();

        Definition definition = read(flat);
        assertThat(definition.getImports()).isEmpty();
        assertThat(definition.getPortTypes()).hasSize(2);
        assertThat(((Map<?, ?>) definition.getPortTypes()).keySet()).extracting(Object::toString)
                .contains("{urn:sd:domain:1}StockQuotePortType", "{urn:sd:domain:1}Quotes2_StockQuotePortType");
        for (Object b : definition.getAllBindings().values()) {
            Binding binding = (Binding) b;
            assertThat(binding.getPortType().isUndefined()).as(binding.getQName().toString()).isFalse();
            for (Object o : binding.getPortType().getOperations()) {
                Operation operation = (Operation) o;
                assertThat(operation.getInput().getMessage().isUndefined()).as(operation.getName()).isFalse();
                assertThat(operation.getInput().getMessage().getParts()).isNotEmpty();
            }
        }
        for (Object s : definition.getAllServices().values()) {
            for (Object p : ((Service) s).getPorts().values()) {
                assertThat(((Port) p).getBinding().isUndefined()).isFalse();
            }
        }
        assertThat(definition.getTypes().getExtensibilityElements()).as("the identical schema once").hasSize(1);
    }

    private static Definition read(String text) throws Exception {
        WSDLReader reader = WSDLFactory.newInstance().newWSDLReader();
        reader.setFeature("javax.wsdl.importDocuments", false);
        reader.setFeature("javax.wsdl.verbose", false);
        return reader.readWSDL(null, SecureXml.documentBuilder().parse(new InputSource(new StringReader(text))));
    }

    private static String resource(String name) throws Exception {
        try (InputStream in = FlatDomainWsdlTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
