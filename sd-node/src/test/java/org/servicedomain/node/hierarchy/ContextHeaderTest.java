package org.servicedomain.node.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.NodeFault;

class ContextHeaderTest {

    private static final String SECRET = "a-secret-of-sixteen-or-more";
    private static final ParentContext CONTEXT = new ParentContext("ada", "platinum", "k1", List.of("bank-a"),
            Map.of("symbol", "IBM & <co>"));
    private static final Instant ISSUED = Instant.parse("2026-11-29T21:00:00Z");
    private static final String ISSUED_MS = Long.toString(ISSUED.toEpochMilli());
    private static final String BODY = "<s:Body><q:getQuote xmlns:q=\"urn:q\"><q:symbol>IBM</q:symbol></q:getQuote></s:Body>";

    private static byte[] envelope(String header) {
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + header + BODY + "</s:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void insertedHeaderIsReadBackVerifiedAndCutOutLeavingTheEnvelopeAsItWas() {
        byte[] original = envelope("<s:Header><x:other xmlns:x=\"urn:x\">é</x:other></s:Header>");

        byte[] sent = HeaderInsertion.insert(original, ContextHeader.element(CONTEXT, SECRET, ISSUED));
        ContextHeaderReader.Found found = ContextHeaderReader.read(sent);

        assertThat(found.context()).isEqualTo(CONTEXT);
        assertThat(found.issued()).isEqualTo(ISSUED_MS);
        assertThat(ContextHeader.verifies(found.context(), found.issued(), found.signature(), SECRET, ISSUED.plusSeconds(1)))
                .isTrue();
        assertThat(new String(found.withoutHeader(), StandardCharsets.UTF_8)).isEqualTo(new String(original, StandardCharsets.UTF_8));
    }

    @Test
    void envelopeWithoutHeaderGetsOneBeforeTheBody() {
        byte[] sent = HeaderInsertion.insert(envelope(""), ContextHeader.element(CONTEXT, SECRET, ISSUED));

        assertThat(new String(sent, StandardCharsets.UTF_8)).contains("<sdh:Header").contains("</sdh:Header><s:Body>");
        assertThat(ContextHeaderReader.read(sent).context()).isEqualTo(CONTEXT);
    }

    @Test
    void selfClosingHeaderIsOpenedForTheContext() {
        byte[] sent = HeaderInsertion.insert(envelope("<s:Header/>"), ContextHeader.element(CONTEXT, SECRET, ISSUED));

        assertThat(ContextHeaderReader.read(sent).context()).isEqualTo(CONTEXT);
    }

    @Test
    void signatureFailsForAnotherSecretOrAChangedValueOrTime() {
        String signature = ContextHeader.signature(CONTEXT, ISSUED.toEpochMilli(), SECRET);
        ParentContext changed = new ParentContext("ada", "platinum", "k1", List.of("bank-a"), Map.of("symbol", "SAP"));
        String otherTime = Long.toString(ISSUED.toEpochMilli() + 1);

        assertThat(ContextHeader.verifies(CONTEXT, ISSUED_MS, signature, SECRET, ISSUED)).isTrue();
        assertThat(ContextHeader.verifies(CONTEXT, ISSUED_MS, signature, "another-secret-of-sixteen", ISSUED)).isFalse();
        assertThat(ContextHeader.verifies(changed, ISSUED_MS, signature, SECRET, ISSUED)).isFalse();
        assertThat(ContextHeader.verifies(CONTEXT, otherTime, signature, SECRET, ISSUED)).isFalse();
        assertThat(ContextHeader.verifies(CONTEXT, ISSUED_MS, null, SECRET, ISSUED)).isFalse();
        assertThat(ContextHeader.verifies(CONTEXT, null, signature, SECRET, ISSUED)).isFalse();
        assertThat(ContextHeader.verifies(CONTEXT, "soon", signature, SECRET, ISSUED)).isFalse();
    }

    @Test
    void aCapturedHeaderIsRefusedOnceItIsOlderThanTheAllowedSkew() {
        String signature = ContextHeader.signature(CONTEXT, ISSUED.toEpochMilli(), SECRET);
        Instant later = ISSUED.plus(ParentProof.MAX_SKEW).plusSeconds(1);

        assertThat(ContextHeader.verifies(CONTEXT, ISSUED_MS, signature, SECRET, later)).isFalse();
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
