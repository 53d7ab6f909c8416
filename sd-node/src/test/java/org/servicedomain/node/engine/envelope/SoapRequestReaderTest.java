package org.servicedomain.node.engine.envelope;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;

class SoapRequestReaderTest {

    private static final String SOAP11 = SoapVersion.SOAP_11.envelopeNamespace();
    private static final String SOAP12 = SoapVersion.SOAP_12.envelopeNamespace();
    private static final QName GET_QUOTE = new QName("urn:example:stockquote", "GetQuote");

    @Test
    void findsTheOperationElementAndTheSessionHeader() {
        SoapRequest request = read("""
                <s:Envelope xmlns:s="%s" xmlns:sd="urn:sd:home:1">
                  <s:Header>
                    <trace xmlns="urn:example:tracing">t-1</trace>
                    <sd:session> 5f1c-session </sd:session>
                  </s:Header>
                  <s:Body>
                    <q:GetQuote xmlns:q="urn:example:stockquote"><q:symbol>ACME</q:symbol></q:GetQuote>
                  </s:Body>
                </s:Envelope>
                """.formatted(SOAP11), SoapVersion.SOAP_11);

        assertThat(request.operationElement()).isEqualTo(GET_QUOTE);
        assertThat(request.sessionId()).isEqualTo("5f1c-session");
    }

    @Test
    void theForwardedMessageKeepsEverythingButTheSessionHeader() {
        String envelope = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- prix en € : multi-byte characters before the header -->
                <s:Envelope xmlns:s="%s">
                  <s:Header><trace xmlns="urn:example:tracing">été</trace><sd:session xmlns:sd="urn:sd:home:1">secret-id</sd:session></s:Header>
                  <s:Body><q:GetQuote xmlns:q="urn:example:stockquote"><q:symbol>ÄCME</q:symbol></q:GetQuote></s:Body>
                </s:Envelope>""".formatted(SOAP11).strip();
        byte[] body = envelope.getBytes(StandardCharsets.UTF_8);

        byte[] forwarded = SoapRequestReader.read(body, SoapVersion.SOAP_11).forwardable(body);

        String expected = envelope.replace("<sd:session xmlns:sd=\"urn:sd:home:1\">secret-id</sd:session>", "");
        assertThat(new String(forwarded, StandardCharsets.UTF_8)).isEqualTo(expected);
        assertThat(SoapRequestReader.read(forwarded, SoapVersion.SOAP_11).sessionId()).isNull();
    }

    @Test
    void theSessionHeaderIsCutAtItsBytesBehindAByteOrderMark() {
        String envelope = ("<s:Envelope xmlns:s=\"%s\"><s:Header><sd:session xmlns:sd=\"urn:sd:home:1\">secret-id</sd:session>"
                + "</s:Header><s:Body><q:GetQuote xmlns:q=\"urn:example:stockquote\">€</q:GetQuote></s:Body></s:Envelope>").formatted(SOAP11);
        byte[] utf8 = envelope.getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[utf8.length + 3];
        body[0] = (byte) 0xEF;
        body[1] = (byte) 0xBB;
        body[2] = (byte) 0xBF;
        System.arraycopy(utf8, 0, body, 3, utf8.length);

        byte[] forwarded = SoapRequestReader.read(body, SoapVersion.SOAP_11).forwardable(body);

        String expected = "\uFEFF" + envelope.replace("<sd:session xmlns:sd=\"urn:sd:home:1\">secret-id</sd:session>", "");
        assertThat(new String(forwarded, StandardCharsets.UTF_8)).isEqualTo(expected);
    }

    @Test
    void refusesTwoSessionHeaders() {
        String envelope = ("<s:Envelope xmlns:s=\"%s\" xmlns:sd=\"urn:sd:home:1\"><s:Header><sd:session>one</sd:session>"
                + "<sd:session>two</sd:session></s:Header><s:Body><q:GetQuote xmlns:q=\"urn:example:stockquote\"/>"
                + "</s:Body></s:Envelope>").formatted(SOAP11);
        NodeFault fault = catchThrowableOfType(NodeFault.class, () -> read(envelope, SoapVersion.SOAP_11));
        assertThat(fault.code()).isEqualTo(FaultCode.BadRequest);
        assertThat(fault).hasMessageContaining("more than one");
    }

    @Test
    void aMessageWithoutSessionHeaderIsForwardedAsItCame() {
        byte[] body = ("<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><q:GetQuote xmlns:q=\"urn:example:stockquote\"/>"
                + "</s:Body></s:Envelope>").getBytes(StandardCharsets.UTF_8);
        assertThat(SoapRequestReader.read(body, SoapVersion.SOAP_11).forwardable(body)).isSameAs(body);
    }

    @Test
    void treatsARequestWithoutSessionHeaderAsAnonymous() {
        SoapRequest request = read("""
                <s:Envelope xmlns:s="%s">
                  <s:Header><session xmlns="urn:other:session">not ours</session></s:Header>
                  <s:Body><GetQuote xmlns="urn:example:stockquote"/></s:Body>
                </s:Envelope>
                """.formatted(SOAP11), SoapVersion.SOAP_11);

        assertThat(request.operationElement()).isEqualTo(GET_QUOTE);
        assertThat(request.sessionId()).isNull();
    }

    @Test
    void readsASoap12EnvelopeOnASoap12Port() {
        SoapRequest request = read("<e:Envelope xmlns:e=\"" + SOAP12 + "\"><e:Body>"
                + "<GetQuote xmlns=\"urn:example:stockquote\"/></e:Body></e:Envelope>", SoapVersion.SOAP_12);

        assertThat(request.operationElement()).isEqualTo(GET_QUOTE);
    }

    @Test
    void refusesADoctype() {
        assertBadRequest("<?xml version=\"1.0\"?><!DOCTYPE s:Envelope [<!ENTITY x \"y\">]>"
                + "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><GetQuote/></s:Body></s:Envelope>",
                SoapVersion.SOAP_11);
    }

    @Test
    void refusesMalformedXml() {
        assertBadRequest("<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><GetQuote></s:Body></s:Envelope>",
                SoapVersion.SOAP_11);
    }

    @Test
    void refusesASoap12EnvelopeOnASoap11Port() {
        NodeFault fault = assertBadRequest("<e:Envelope xmlns:e=\"" + SOAP12 + "\"><e:Body><GetQuote/></e:Body>"
                + "</e:Envelope>", SoapVersion.SOAP_11);

        assertThat(fault).hasMessageContaining("SOAP 1.2");
    }

    @Test
    void refusesAnEnvelopeWithoutBody() {
        assertBadRequest("<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Header/></s:Envelope>", SoapVersion.SOAP_11);
    }

    @Test
    void refusesAnEmptyBody() {
        assertBadRequest("<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body>  </s:Body></s:Envelope>",
                SoapVersion.SOAP_11);
    }

    @Test
    void refusesARootThatIsNotAnEnvelope() {
        assertBadRequest("<GetQuote xmlns=\"urn:example:stockquote\"><symbol>ACME</symbol></GetQuote>",
                SoapVersion.SOAP_11);
    }

    private static SoapRequest read(String envelope, SoapVersion version) {
        return SoapRequestReader.read(envelope.getBytes(StandardCharsets.UTF_8), version);
    }

    private static NodeFault assertBadRequest(String envelope, SoapVersion version) {
        NodeFault fault = catchThrowableOfType(NodeFault.class, () -> read(envelope, version));
        assertThat(fault).as("the reader refuses the request").isNotNull();
        assertThat(fault.code()).isEqualTo(FaultCode.BadRequest);
        return fault;
    }
}
