package org.servicedomain.node.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.NodeFault;

class ContextHeaderTest {

    private static final String SECRET = "a-secret-of-sixteen-or-more";
    private static final ParentContext CONTEXT = new ParentContext("ada", "platinum", "k1", List.of("bank-a"),
            Map.of("symbol", "IBM & <co>"));
    private static final String BODY = "<s:Body><q:getQuote xmlns:q=\"urn:q\"><q:symbol>IBM</q:symbol></q:getQuote></s:Body>";

    private static byte[] envelope(String header) {
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + header + BODY + "</s:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void insertedHeaderIsReadBackVerifiedAndCutOutLeavingTheEnvelopeAsItWas() {
        byte[] original = envelope("<s:Header><x:other xmlns:x=\"urn:x\">é</x:other></s:Header>");

        byte[] sent = HeaderInsertion.insert(original, ContextHeader.element(CONTEXT, SECRET));
        ContextHeaderReader.Found found = ContextHeaderReader.read(sent);

        assertThat(found.context()).isEqualTo(CONTEXT);
        assertThat(ContextHeader.verifies(found.context(), found.signature(), SECRET)).isTrue();
        assertThat(new String(found.withoutHeader(), StandardCharsets.UTF_8)).isEqualTo(new String(original, StandardCharsets.UTF_8));
    }

    @Test
    void envelopeWithoutHeaderGetsOneBeforeTheBody() {
        byte[] sent = HeaderInsertion.insert(envelope(""), ContextHeader.element(CONTEXT, SECRET));

        assertThat(new String(sent, StandardCharsets.UTF_8)).contains("<sdh:Header").contains("</sdh:Header><s:Body>");
        assertThat(ContextHeaderReader.read(sent).context()).isEqualTo(CONTEXT);
    }

    @Test
    void selfClosingHeaderIsOpenedForTheContext() {
        byte[] sent = HeaderInsertion.insert(envelope("<s:Header/>"), ContextHeader.element(CONTEXT, SECRET));

        assertThat(ContextHeaderReader.read(sent).context()).isEqualTo(CONTEXT);
    }

    @Test
    void signatureFailsForAnotherSecretOrAChangedValue() {
        String signature = ContextHeader.signature(CONTEXT, SECRET);
        ParentContext changed = new ParentContext("ada", "platinum", "k1", List.of("bank-a"), Map.of("symbol", "SAP"));

        assertThat(ContextHeader.verifies(CONTEXT, signature, "another-secret-of-sixteen")).isFalse();
        assertThat(ContextHeader.verifies(changed, signature, SECRET)).isFalse();
        assertThat(ContextHeader.verifies(CONTEXT, null, SECRET)).isFalse();
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
