package org.servicedomain.node.engine.envelope;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.servicedomain.node.core.SoapVersion;

/**
 * The look without a parser: it finds the operation element the parser finds, says a text is
 * absent only when no element's text could be it, and declines every message that would need
 * decoding or that carries the node's own headers.
 */
class PlainEnvelopeTest {

    private static final String SOAP11 = SoapVersion.SOAP_11.envelopeNamespace();
    private static final QName GET_QUOTE = new QName("urn:example:stockquote", "getQuote");

    @Test
    void findsTheOperationElementTheParserFindsWithThePrefixDeclaredWhereItIsInScope() {
        String envelope = """
                <?xml version="1.0" encoding="utf-8" standalone="yes"?>
                <s:Envelope xmlns:s="%s" xmlns:q="urn:example:elsewhere">
                  <s:Header><q:trace xmlns:q="urn:example:tracing" note="a > b">t-1</q:trace></s:Header>
                  <s:Body xmlns:q='urn:example:stockquote'>
                    <q:getQuote><q:symbol>ACME</q:symbol></q:getQuote>
                  </s:Body>
                </s:Envelope>""".formatted(SOAP11).strip();

        PlainEnvelope plain = PlainEnvelope.of(bytes(envelope), SoapVersion.SOAP_11);

        assertThat(plain.operationElement()).isEqualTo(GET_QUOTE)
                .isEqualTo(SoapRequestReader.read(bytes(envelope), SoapVersion.SOAP_11).operationElement());
    }

    @Test
    void anOperationElementInTheDefaultNamespaceIsFoundAfterAByteOrderMark() {
        byte[] envelope = bytes("\uFEFF<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><getQuote xmlns=\"urn:example:stockquote\"/>"
                + "</s:Body></s:Envelope>");

        assertThat(PlainEnvelope.of(envelope, SoapVersion.SOAP_11).operationElement()).isEqualTo(GET_QUOTE);
    }

    @Test
    void aTextIsAbsentOnlyWhenNoElementsTextCouldBeIt() {
        PlainEnvelope plain = PlainEnvelope.of(bytes(quote("<q:symbol kind=\"HIGH\">LOW</q:symbol><q:note>MID<q:b/>DLE</q:note>")),
                SoapVersion.SOAP_11);

        assertThat(plain.mayHoldText("LOW")).isTrue();
        assertThat(plain.mayHoldText("HIGH")).as("an attribute's value is no element's text").isFalse();
        assertThat(plain.mayHoldText("MIDDLE")).as("an element's text runs on across its children").isTrue();
        assertThat(plain.mayHoldText("LOW\nER")).as("a parser turns CR LF into LF; a line break is never ruled out").isTrue();
    }

    @Test
    void findsATextWhereverItLiesInTheMessageAcrossAnyNumberOfTags() {
        StringBuilder items = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            items.append("<q:item>").append(i).append("</q:item>");
        }
        PlainEnvelope plain = PlainEnvelope.of(bytes(quote(items + "<q:a>HI</q:a><q:b>G<q:c/></q:b>H<q:d>ER</q:d>")),
                SoapVersion.SOAP_11);

        assertThat(plain.mayHoldText("HIGHER")).as("across four tags, after forty runs").isTrue();
        assertThat(plain.mayHoldText("3839HI")).as("across the runs of two elements").isTrue();
        assertThat(plain.mayHoldText("HIGHEST")).as("its start at the message's last text").isFalse();
        assertThat(plain.mayHoldText("q:item")).as("a tag is no text").isFalse();
        assertThat(plain.mayHoldText("")).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<!DOCTYPE s:Envelope [<!ENTITY x \"HIGH\">]>" + "%s",
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>%s",
        "<?pi here?>%s",
        "<?xml-stylesheet href=\"a.xsl\"?>%s"
    })
    void declinesAMessageWithADoctypeAnotherEncodingOrAProcessingInstruction(String shape) {
        assertThat(PlainEnvelope.of(bytes(shape.formatted(quote("<q:symbol>LOW</q:symbol>"))), SoapVersion.SOAP_11)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"<q:symbol>&#72;IGH</q:symbol>", "<q:symbol>H<!-- -->IGH</q:symbol>",
        "<q:symbol><![CDATA[HIGH]]></q:symbol>", "<q:symbol a=\"&amp;\">LOW</q:symbol>", "<q:symbol>LOW</q:symbol"})
    void declinesAPayloadWithAReferenceACommentACdataSectionOrABrokenTag(String payload) {
        assertThat(PlainEnvelope.of(bytes(quote(payload)), SoapVersion.SOAP_11)).isNull();
    }

    @Test
    void declinesAMessageCarryingTheNodesOwnHeaders() {
        String withSession = ("<s:Envelope xmlns:s=\"%s\"><s:Header><sd:session xmlns:sd=\"urn:sd:home:1\">id</sd:session>"
                + "</s:Header><s:Body><q:getQuote xmlns:q=\"urn:example:stockquote\"/></s:Body></s:Envelope>").formatted(SOAP11);

        assertThat(PlainEnvelope.of(bytes(withSession), SoapVersion.SOAP_11)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"<q:symbol xmlns:x=\"urn:sd:home:1\">LOW</q:symbol>", "<q:symbol><context xmlns='urn:sd:home:1'/></q:symbol>"})
    void declinesAMessageDeclaringTheNodesNamespaceAnywhere(String payload) {
        assertThat(PlainEnvelope.of(bytes(quote(payload)), SoapVersion.SOAP_11)).isNull();
    }

    @Test
    void aTextNamingTheNodesNamespaceDeclaresNothing() {
        PlainEnvelope plain = PlainEnvelope.of(bytes(quote("<q:symbol note=\"urn:sd:home:1x\">urn:sd:home:1</q:symbol>")),
                SoapVersion.SOAP_11);

        assertThat(plain.operationElement()).isEqualTo(GET_QUOTE);
    }

    @Test
    void declinesAnEnvelopeOfAnotherVersionOrWithoutAnOperation() {
        assertThat(PlainEnvelope.of(bytes(quote("<q:symbol>LOW</q:symbol>")), SoapVersion.SOAP_12)).isNull();
        assertThat(PlainEnvelope.of(bytes("<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body/></s:Envelope>"), SoapVersion.SOAP_11))
                .isNull();
        assertThat(PlainEnvelope.of(bytes("<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Header><q:getQuote xmlns:q=\"urn:example:stockquote\"/>"
                + "</s:Header></s:Envelope>"), SoapVersion.SOAP_11)).as("a header is no operation").isNull();
    }

    /** A SOAP 1.1 getQuote whose element holds {@code payload}. */
    private static String quote(String payload) {
        return "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Header/><s:Body><q:getQuote xmlns:q=\"urn:example:stockquote\">"
                + payload + "</q:getQuote></s:Body></s:Envelope>";
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
