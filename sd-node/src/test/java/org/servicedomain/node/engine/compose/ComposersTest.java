package org.servicedomain.node.engine.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.xml.SecureXml;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The built-in composer and the composed envelope, as pure XML in and out. */
class ComposersTest {

    private static final String NS = "urn:sd:samples:stockquote";

    @Test
    void concatenatingAppendsEveryOtherAnswersChildElementsToTheFirstAnswersTopElement() {
        Element composed = new ConcatenatingComposer().compose(List.of(
                answer("<quote>ACME</quote><quote>INIT</quote>"), answer("<quote>XYZ</quote>"), answer("")));

        assertThat(composed.getLocalName()).isEqualTo("quotesResponse");
        assertThat(texts(composed, "quote")).containsExactly("ACME", "INIT", "XYZ");
    }

    @Test
    void concatenatingLeavesTheAnswersItWasGivenUnchanged() {
        Element first = answer("<quote>ACME</quote>");
        new ConcatenatingComposer().compose(List.of(first, answer("<quote>XYZ</quote>")));

        assertThat(texts(first, "quote")).containsExactly("ACME");
    }

    @Test
    void theComposedEnvelopeSaysHowManyAnsweredOfHowManyWereAskedAndWhichFailed() throws Exception {
        Element first = ComposedAnswer.bodyElementOf(envelope("<q:quotesResponse xmlns:q=\"" + NS + "\"><q:quote>ACME</q:quote></q:quotesResponse>"));
        Element second = ComposedAnswer.bodyElementOf(envelope("<q:quotesResponse xmlns:q=\"" + NS + "\"><q:quote>XYZ</q:quote></q:quotesResponse>"));
        Element composed = new ConcatenatingComposer().compose(List.of(first, second));

        byte[] written = ComposedAnswer.envelope(first, composed, 3,
                List.of(new ComposedAnswer.Failure("quote-c", "connection refused")));

        Document document = parse(written);
        Element tally = (Element) document.getElementsByTagNameNS(ComposedAnswer.NAMESPACE, "composed").item(0);
        assertThat(tally.getAttribute("asked")).isEqualTo("3");
        assertThat(tally.getAttribute("answered")).isEqualTo("2");
        Element failed = (Element) tally.getElementsByTagNameNS(ComposedAnswer.NAMESPACE, "failed").item(0);
        assertThat(failed.getAttribute("instance")).isEqualTo("quote-c");
        assertThat(failed.getTextContent()).isEqualTo("connection refused");
        assertThat(tally.getParentNode().getLocalName()).isEqualTo("Header");
        assertThat(texts(document.getDocumentElement(), "quote")).containsExactly("ACME", "XYZ");
        assertThat(document.getElementsByTagNameNS(NS, "quotesResponse").getLength()).isEqualTo(1);
    }

    @Test
    void anAnswerHoldingASoapFaultIsNoAnswerToCompose() {
        byte[] fault = envelope("<soap:Fault><faultcode>soap:Server</faultcode><faultstring>down</faultstring></soap:Fault>");

        assertThatThrownBy(() -> ComposedAnswer.bodyElementOf(fault)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SOAP fault");
    }

    @Test
    void anAnswerWithADoctypeIsRefusedByTheHardenedParser() {
        byte[] hostile = ("<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                + new String(envelope("<q:r xmlns:q=\"" + NS + "\">&e;</q:r>"), StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> ComposedAnswer.bodyElementOf(hostile)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unreadable");
    }

    @Test
    void aRegistryRefusesAnUnknownComposerNamingTheKnownOnes() {
        assertThatThrownBy(() -> ComposerRegistry.standard().create("average", null))
                .hasMessageContaining("average").hasMessageContaining("concatenate");
    }

    @Test
    void aCustomComposerIsLoadedByClassName() {
        assertThat(ComposerRegistry.standard().create("custom", FirstAnswerComposer.class.getName()))
                .isInstanceOf(FirstAnswerComposer.class);
        assertThatThrownBy(() -> ComposerRegistry.standard().create("custom", String.class.getName()))
                .hasMessageContaining("does not implement");
    }

    @Test
    void aCustomComposerWrittenAgainstTheDeprecatedInterfaceStillLoads() {
        Element first = answer("<quote>ABC</quote>");

        assertThat(CustomComposer.load(FormerComposer.class.getName()).compose(List.of(first, answer("<quote>XYZ</quote>"))))
                .isSameAs(first);
    }

    /** A custom composer written against the former interface, as users' composers may be. */
    @SuppressWarnings("deprecation")
    public static final class FormerComposer implements org.servicedomain.node.engine.compose.Composer {

        @Override
        public Element compose(List<Element> answers) {
            return answers.get(0);
        }
    }

    private static Element answer(String children) {
        return ComposedAnswer.bodyElementOf(envelope("<quotesResponse>" + children + "</quotesResponse>"));
    }

    private static byte[] envelope(String body) {
        return ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>" + body
                + "</soap:Body></soap:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    private static Document parse(byte[] xml) throws Exception {
        return SecureXml.documentBuilder().parse(new java.io.ByteArrayInputStream(xml));
    }

    private static List<String> texts(Element root, String localName) {
        NodeList found = root.getElementsByTagNameNS("*", localName);
        List<String> texts = new java.util.ArrayList<>();
        for (int i = 0; i < found.getLength(); i++) {
            texts.add(found.item(i).getTextContent());
        }
        return texts;
    }
}
