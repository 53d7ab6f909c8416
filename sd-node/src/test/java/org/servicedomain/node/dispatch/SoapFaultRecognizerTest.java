package org.servicedomain.node.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.SoapVersion;

class SoapFaultRecognizerTest {

    private static final String SOAP11 = SoapVersion.SOAP_11.envelopeNamespace();
    private static final String SOAP12 = SoapVersion.SOAP_12.envelopeNamespace();

    @Test
    void recognisesASoap11FaultBody() {
        assertThat(isFault("""
                <soap:Envelope xmlns:soap="%s">
                  <soap:Header><h:trace xmlns:h="urn:example:tracing">t-1</h:trace></soap:Header>
                  <soap:Body>
                    <soap:Fault><faultcode>soap:Server</faultcode><faultstring>no such symbol</faultstring></soap:Fault>
                  </soap:Body>
                </soap:Envelope>
                """.formatted(SOAP11))).isTrue();
    }

    @Test
    void recognisesASoap12FaultBody() {
        assertThat(isFault("""
                <env:Envelope xmlns:env="%s"><env:Body><env:Fault>
                  <env:Code><env:Value>env:Receiver</env:Value></env:Code>
                  <env:Reason><env:Text xml:lang="en">no such symbol</env:Text></env:Reason>
                </env:Fault></env:Body></env:Envelope>
                """.formatted(SOAP12))).isTrue();
    }

    @Test
    void doesNotTakeANormalResponseForAFault() {
        assertThat(isFault("""
                <soap:Envelope xmlns:soap="%s"><soap:Body>
                  <q:GetQuoteResponse xmlns:q="urn:example:stockquote"><q:price>12.5</q:price></q:GetQuoteResponse>
                </soap:Body></soap:Envelope>
                """.formatted(SOAP11))).isFalse();
    }

    @Test
    void doesNotTakeAFaultElementInAHeaderForAFault() {
        assertThat(isFault("""
                <soap:Envelope xmlns:soap="%s">
                  <soap:Header><soap:Fault/></soap:Header>
                  <soap:Body><q:GetQuoteResponse xmlns:q="urn:example:stockquote"/></soap:Body>
                </soap:Envelope>
                """.formatted(SOAP11))).isFalse();
    }

    @Test
    void doesNotTakeAFaultInAnotherEnvelopeVersionForAFault() {
        assertThat(isFault("<soap:Envelope xmlns:soap=\"" + SOAP11 + "\"><soap:Body>"
                + "<env:Fault xmlns:env=\"" + SOAP12 + "\"/></soap:Body></soap:Envelope>")).isFalse();
    }

    @Test
    void doesNotTakePlainTextForAFault() {
        assertThat(isFault("Service Unavailable: Fault in upstream proxy")).isFalse();
    }

    @Test
    void doesNotTakeAnHtmlErrorPageForAFault() {
        assertThat(isFault("""
                <!DOCTYPE html>
                <html><head><title>502 Bad Gateway</title></head>
                <body><h1>Bad Gateway</h1><p>Fault<br>upstream</p></body></html>
                """)).isFalse();
    }

    @Test
    void doesNotTakeAnEmptyBodyForAFault() {
        assertThat(isFault("")).isFalse();
    }

    private static boolean isFault(String body) {
        return SoapFaultRecognizer.isSoapFault(body.getBytes(StandardCharsets.UTF_8));
    }
}
