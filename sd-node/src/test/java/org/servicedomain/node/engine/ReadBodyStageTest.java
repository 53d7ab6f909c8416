package org.servicedomain.node.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.RecordingChain;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.ArrivingBody;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;

/** The first stage waits for the client's whole body without a thread, and a body that never comes whole is a refusal. */
class ReadBodyStageTest {

    private static final byte[] BODY = "<Envelope/>".getBytes(StandardCharsets.UTF_8);

    @Test
    void passesTheRequestOnOnlyOnceTheWholeBodyHasArrivedCarryingThoseBytes() {
        CompletableFuture<byte[]> arriving = new CompletableFuture<>();
        RecordingChain chain = RecordingChain.answering(arriving(arriving));

        CompletableFuture<ProviderReply> reply = new ReadBodyStage().process(chain);

        assertThat(chain.wasPassedOn()).as("passed on before the body arrived").isFalse();
        assertThat(reply).isNotDone();
        arriving.complete(BODY);
        assertThat(chain.passedOn().body()).isEqualTo(BODY);
        assertThat(reply.join()).isEqualTo(RecordingChain.ANSWER);
    }

    @Test
    void aBodyTheClientDidNotSendWholeIsTheRequestsRefusalAndGoesNoFurther() {
        NodeFault tooLarge = new NodeFault(FaultCode.BadRequest, "the request is larger than the node's message limit");
        RecordingChain chain = RecordingChain.answering(arriving(CompletableFuture.failedFuture(tooLarge)));

        NodeFault refusal = chain.refusalBy(new ReadBodyStage());

        assertThat(refusal).isSameAs(tooLarge);
        assertThat(chain.wasPassedOn()).isFalse();
    }

    private static RequestContext arriving(CompletableFuture<byte[]> body) {
        return RequestContext.arriving(TestInstances.virtualPort(), "text/xml; charset=UTF-8", null, null, false)
                .withTag(ArrivingBody.class, new ArrivingBody(body));
    }
}
