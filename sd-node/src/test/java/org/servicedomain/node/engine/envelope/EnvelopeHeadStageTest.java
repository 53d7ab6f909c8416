package org.servicedomain.node.engine.envelope;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.GET_QUOTE;
import static org.servicedomain.node.TestInstances.soap11Envelope;
import static org.servicedomain.node.TestInstances.stockQuoteElement;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.RecordingChain;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.EnvelopeHead;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.SoapVersion;

/**
 * The envelope's head: the operation element and session id travel on as a tag, the session
 * header never leaves the node, and a message that is not a SOAP envelope of the port's version is
 * a {@code BadRequest}.
 */
class EnvelopeHeadStageTest {

    private static final String SOAP_11 = "text/xml; charset=UTF-8";
    private static final String GET_QUOTE_PAYLOAD = stockQuoteElement("GetQuote", "<symbol>ACME</symbol>");
    private static final String OTHER_HEADER = "<trace xmlns=\"urn:example:tracing\">t-1</trace>";
    private static final String SESSION_HEADER = "<sd:session xmlns:sd=\"urn:sd:home:1\">session-of-joe</sd:session>";

    @Test
    void tagsTheOperationElementAndTheSessionAndPassesOnTheMessageWithoutTheSessionHeader() {
        RecordingChain chain = RecordingChain.answering(arriving(SOAP_11,
                soap11Envelope(OTHER_HEADER + SESSION_HEADER, GET_QUOTE_PAYLOAD)));

        new EnvelopeHeadStage().process(chain).join();

        RequestContext passed = chain.passedOn();
        assertThat(passed.tag(EnvelopeHead.class)).isEqualTo(new EnvelopeHead(GET_QUOTE, "session-of-joe"));
        assertThat(new String(passed.body(), StandardCharsets.UTF_8))
                .isEqualTo(new String(soap11Envelope(OTHER_HEADER, GET_QUOTE_PAYLOAD), StandardCharsets.UTF_8));
    }

    @Test
    void aMessageWithoutSessionHeaderGoesOnByteForByteWithNoSession() {
        byte[] body = soap11Envelope(OTHER_HEADER, GET_QUOTE_PAYLOAD);
        RecordingChain chain = RecordingChain.answering(arriving(SOAP_11, body));

        new EnvelopeHeadStage().process(chain).join();

        assertThat(chain.passedOn().tag(EnvelopeHead.class)).isEqualTo(new EnvelopeHead(GET_QUOTE, null));
        assertThat(chain.passedOn().body()).isEqualTo(body);
    }

    @Test
    void aContentTypeOfAnotherSoapVersionIsABadRequestNamingThePortsVersionAndMediaType() {
        RecordingChain chain = RecordingChain.answering(arriving("application/soap+xml; charset=UTF-8",
                soap11Envelope("", GET_QUOTE_PAYLOAD)));

        NodeFault refusal = chain.refusalBy(new EnvelopeHeadStage());

        assertThat(refusal.code()).isEqualTo(FaultCode.BadRequest);
        assertThat(refusal).hasMessageContaining("application/soap+xml").hasMessageContaining("SOAP 1.1")
                .hasMessageContaining("text/xml");
        assertThat(chain.wasPassedOn()).isFalse();
    }

    @Test
    void anEnvelopeOfAnotherSoapVersionIsABadRequestSayingWhichWasSent() {
        byte[] soap12 = ("<Envelope xmlns=\"" + SoapVersion.SOAP_12.envelopeNamespace() + "\"><Body>" + GET_QUOTE_PAYLOAD
                + "</Body></Envelope>").getBytes(StandardCharsets.UTF_8);
        RecordingChain chain = RecordingChain.answering(arriving(SOAP_11, soap12));

        NodeFault refusal = chain.refusalBy(new EnvelopeHeadStage());

        assertThat(refusal.code()).isEqualTo(FaultCode.BadRequest);
        assertThat(refusal).hasMessageContaining("SOAP 1.2 envelope").hasMessageContaining("SOAP 1.1 port");
        assertThat(chain.wasPassedOn()).isFalse();
    }

    @Test
    void aMessageWithADoctypeIsABadRequest() {
        byte[] withDoctype = ("<!DOCTYPE Envelope [<!ENTITY x \"y\">]>"
                + new String(soap11Envelope("", GET_QUOTE_PAYLOAD), StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        RecordingChain chain = RecordingChain.answering(arriving(SOAP_11, withDoctype));

        NodeFault refusal = chain.refusalBy(new EnvelopeHeadStage());

        assertThat(refusal.code()).isEqualTo(FaultCode.BadRequest);
        assertThat(refusal).hasMessageContaining("DOCTYPE");
        assertThat(chain.wasPassedOn()).isFalse();
    }

    private static RequestContext arriving(String contentType, byte[] body) {
        return RequestContext.arriving(TestInstances.virtualPort(), contentType, null, null, false).withBody(body);
    }
}
