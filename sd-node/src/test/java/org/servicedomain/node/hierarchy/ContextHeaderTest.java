package org.servicedomain.node.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.proof.TimedSignature;

class ContextHeaderTest {

    private static final String SECRET = "a-secret-of-sixteen-or-more";
    private static final ParentContext CONTEXT = new ParentContext("ada", "platinum", "k1", List.of("bank-a"),
            Map.of("symbol", "IBM & <co>"));
    private static final Instant ISSUED = Instant.parse("2026-11-29T21:00:00Z");
    private static final String PORT = "Quotes";
    private static final String CHILD = "child-node-id";
    private static final String ACTION = "\"urn:q#getQuote\"";
    private static final String BODY = "<s:Body><q:getQuote xmlns:q=\"urn:q\"><q:symbol>IBM</q:symbol></q:getQuote></s:Body>";

    private static byte[] envelope(String header) {
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + header + BODY + "</s:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    /** {@code original} with the context inserted as the parent sends it. */
    private static byte[] sent(byte[] original, Instant issued) {
        HeaderInsertion.Site site = HeaderInsertion.site(original);
        return site.with(ContextHeader.element(CONTEXT, TimedSignature.of(SECRET), issued, PORT, ACTION, CHILD, site.digestWithoutElement()));
    }

    private static String proof(Instant issued) {
        return ContextHeaderReader.read(sent(envelope(""), issued)).proof();
    }

    private static TimedSignature.Verdict verify(TimedSignature verifier, ParentContext context, String proof, String port,
            String child, Instant now) {
        return verify(verifier, context, proof, port, ACTION, child, now);
    }

    private static TimedSignature.Verdict verify(TimedSignature verifier, ParentContext context, String proof, String port,
            String action, String child, Instant now) {
        byte[] received = ContextHeaderReader.read(sent(envelope(""), ISSUED)).withoutHeader();
        return verifier.verify(proof, ContextHeader.claim(context, port, action, child, TimedSignature.digest(received)), now);
    }

    @Test
    void insertedHeaderIsReadBackVerifiedAndCutOutLeavingTheEnvelopeAsItWas() {
        byte[] original = envelope("<s:Header><x:other xmlns:x=\"urn:x\">é</x:other></s:Header>");

        ContextHeaderReader.Found found = ContextHeaderReader.read(sent(original, ISSUED));

        assertThat(found.context()).isEqualTo(CONTEXT);
        assertThat(TimedSignature.of(SECRET).verify(found.proof(), ContextHeader.claim(found.context(), PORT, ACTION, CHILD,
                TimedSignature.digest(found.withoutHeader())), ISSUED.plusSeconds(1)).valid()).isTrue();
        assertThat(new String(found.withoutHeader(), StandardCharsets.UTF_8)).isEqualTo(new String(original, StandardCharsets.UTF_8));
    }

    @Test
    void envelopeWithoutHeaderGetsOneBeforeTheBody() {
        byte[] sent = sent(envelope(""), ISSUED);

        assertThat(new String(sent, StandardCharsets.UTF_8)).contains("<sdh:Header").contains("</sdh:Header><s:Body>");
        assertThat(ContextHeaderReader.read(sent).context()).isEqualTo(CONTEXT);
    }

    @Test
    void selfClosingHeaderIsOpenedForTheContext() {
        byte[] sent = sent(envelope("<s:Header/>"), ISSUED);

        assertThat(ContextHeaderReader.read(sent).context()).isEqualTo(CONTEXT);
    }

    @Test
    void theProofFailsForAnotherSecretAChangedValueAnotherPortAnotherSoapActionOrAnotherChild() {
        String proof = proof(ISSUED);
        ParentContext changed = new ParentContext("ada", "platinum", "k1", List.of("bank-a"), Map.of("symbol", "SAP"));
        TimedSignature verifier = TimedSignature.of(SECRET);

        assertThat(verify(TimedSignature.of("another-secret-of-sixteen"), CONTEXT, proof, PORT, CHILD, ISSUED).valid()).isFalse();
        assertThat(verify(verifier, changed, proof, PORT, CHILD, ISSUED).valid()).isFalse();
        assertThat(verify(verifier, CONTEXT, proof, "Orders", CHILD, ISSUED).valid()).isFalse();
        assertThat(verify(verifier, CONTEXT, proof, PORT, "sibling-node-id", ISSUED).valid()).isFalse();
        assertThat(verify(verifier, CONTEXT, proof, PORT, "\"urn:q#sell\"", CHILD, ISSUED).valid()).isFalse();
        assertThat(verify(verifier, CONTEXT, proof, PORT, null, CHILD, ISSUED).valid()).isFalse();
        assertThat(verify(verifier, CONTEXT, proof, PORT, ACTION, CHILD, ISSUED).valid()).as("the untouched request").isTrue();
        assertThat(verify(verifier, CONTEXT, null, PORT, CHILD, ISSUED).valid()).isFalse();
    }

    @Test
    void theParentSignsTheDigestOfExactlyWhatTheChildKeepsOnceItCutsTheHeaderOut() {
        for (String header : new String[] {"", "<s:Header/>", "<s:Header><x:o xmlns:x=\"urn:x\">é</x:o></s:Header>"}) {
            byte[] original = envelope(header);
            HeaderInsertion.Site site = HeaderInsertion.site(original);
            ContextHeaderReader.Found found = ContextHeaderReader.read(site.with(ContextHeader.element(CONTEXT,
                    TimedSignature.of(SECRET), ISSUED, PORT, ACTION, CHILD, site.digestWithoutElement())));

            assertThat(site.digestWithoutElement()).as(header).isEqualTo(TimedSignature.digest(found.withoutHeader()));
        }
    }

    @Test
    void theProofFailsWhenTheHeaderIsMovedToAnotherBody() {
        String captured = proof(ISSUED);
        String text = new String(envelope(""), StandardCharsets.UTF_8).replace(">IBM<", ">SAP<");

        assertThat(TimedSignature.of(SECRET).verify(captured, ContextHeader.claim(CONTEXT, PORT, ACTION, CHILD,
                TimedSignature.digest(text.getBytes(StandardCharsets.UTF_8))), ISSUED)).isEqualTo(TimedSignature.Verdict.WRONG_SIGNATURE);
    }

    @Test
    void aCapturedHeaderIsRefusedASecondTimeAndOnceItIsOlderThanTheWindow() {
        String proof = proof(ISSUED);
        TimedSignature child = TimedSignature.once(SECRET, ISSUED.minusSeconds(1));

        assertThat(verify(child, CONTEXT, proof, PORT, CHILD, ISSUED.plus(TimedSignature.WINDOW).plusSeconds(1)))
                .isEqualTo(TimedSignature.Verdict.OUTSIDE_WINDOW);
        assertThat(verify(child, CONTEXT, proof, PORT, CHILD, ISSUED)).isEqualTo(TimedSignature.Verdict.VALID);
        assertThat(verify(child, CONTEXT, proof, PORT, CHILD, ISSUED)).isEqualTo(TimedSignature.Verdict.REPLAYED);
    }

    @Test
    void envelopeWithoutContextHasNone() {
        assertThat(ContextHeaderReader.read(envelope("<s:Header/>"))).isNull();
    }

    @Test
    void contextHeaderWithMarkupInsideAFieldIsABadRequest() {
        byte[] sent = envelope("<s:Header><sd:context xmlns:sd=\"urn:sd:home:1\"><sd:user><b/></sd:user></sd:context></s:Header>");

        assertThatThrownBy(() -> ContextHeaderReader.read(sent)).isInstanceOf(NodeFault.class);
    }
}
