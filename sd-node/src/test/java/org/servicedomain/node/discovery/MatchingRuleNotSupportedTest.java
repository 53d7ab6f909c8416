package org.servicedomain.node.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.SoapVersion;
import org.w3c.dom.Document;

/** The fault of WS-Discovery's Probe section for an unknown MatchBy, in each version and envelope. */
class MatchingRuleNotSupportedTest {

    private static final String SOAP12 = SoapVersion.SOAP_12.envelopeNamespace();

    @Test
    void aSoap12FaultHasTheSenderCodeTheSubcodeAndTheSupportedRulesOfTheProbesVersion() throws Exception {
        DiscoveryMessage probe = DiscoveryMessage.probe(DiscoveryVersion.V11, SoapVersion.SOAP_12, List.of(),
                List.of("http://example.org/x"), "urn:example:soundex");

        Document fault = parse(new MatchingRuleNotSupported(probe).envelope());

        String wsd = DiscoveryVersion.V11.namespace();
        String wsa = DiscoveryVersion.V11.addressingNamespace();
        assertThat(text(fault, wsa, "Action")).isEqualTo(wsd + "/fault");
        assertThat(text(fault, wsa, "RelatesTo")).isEqualTo(probe.messageId());
        assertThat(fault.getElementsByTagNameNS(SOAP12, "Value").item(0).getTextContent()).isEqualTo("s:Sender");
        assertThat(fault.getElementsByTagNameNS(SOAP12, "Value").item(1).getTextContent())
                .isEqualTo("d:MatchingRuleNotSupported");
        assertThat(fault.lookupNamespaceURI("d")).isEqualTo(wsd);
        assertThat(text(fault, SOAP12, "Text")).contains("urn:example:soundex");
        assertThat(text(fault, wsd, "SupportedMatchingRules").split(" ")).contains(wsd + "/rfc3986", wsd + "/uuid",
                wsd + "/strcmp0", wsd + "/none", wsd + "/ldap");
    }

    @Test
    void aSoap11FaultCarriesTheSubcodeAsItsFaultCode() throws Exception {
        DiscoveryMessage probe = DiscoveryMessage.probe(DiscoveryVersion.V2005, SoapVersion.SOAP_11, List.of(),
                List.of(), "urn:example:soundex");

        Document fault = parse(new MatchingRuleNotSupported(probe).envelope());

        assertThat(text(fault, "", "faultcode")).isEqualTo("d:MatchingRuleNotSupported");
        assertThat(text(fault, DiscoveryVersion.V2005.namespace(), "SupportedMatchingRules"))
                .contains(DiscoveryVersion.V2005.namespace() + "/rfc2396");
    }

    private static Document parse(byte[] bytes) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(bytes));
    }

    private static String text(Document document, String namespace, String local) {
        var list = namespace.isEmpty() ? document.getElementsByTagName(local) : document.getElementsByTagNameNS(namespace, local);
        return list.getLength() == 0 ? null : list.item(0).getTextContent().trim();
    }
}
