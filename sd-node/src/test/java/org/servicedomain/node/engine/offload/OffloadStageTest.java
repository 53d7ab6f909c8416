package org.servicedomain.node.engine.offload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.RecordingChain;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.TestPolicies;

/**
 * A request offload forwards is the peer's to answer and goes no further here; one served here
 * counts in this node's load index from the moment it goes on until its reply or fault comes back.
 */
class OffloadStageTest {

    private static final CompiledPolicy POLICY = TestPolicies.compile("<policy xmlns=\"urn:sd:policy:1\"/>");
    private static final ProviderReply PEERS_ANSWER = new ProviderReply(200, "text/xml",
            "<fromPeer/>".getBytes(StandardCharsets.UTF_8)).servedBy("peer-instance");

    private final LoadIndex load = new LoadIndex();
    private final RequestContext request = POLICY.boundTo(TestInstances.request());

    @Test
    void aRequestOffloadSendsToAPeerIsAnsweredByThePeerAndNeverReachesTheLaterStages() {
        AtomicReference<CompiledPolicy> consulted = new AtomicReference<>();
        Offload toPeer = (forwarded, current) -> {
            consulted.set(current);
            return CompletableFuture.completedFuture(PEERS_ANSWER);
        };
        RecordingChain chain = RecordingChain.answering(request);

        assertThat(chain.replyOf(new OffloadStage(toPeer, load))).isEqualTo(PEERS_ANSWER);

        assertThat(chain.wasPassedOn()).isFalse();
        assertThat(consulted.get()).as("offload decides under the request's policy snapshot").isSameAs(POLICY);
        assertThat(load.inFlight()).isZero();
    }

    @Test
    void aRequestServedHereCountsInTheLoadIndexUntilItsReplyComesBack() {
        CompletableFuture<ProviderReply> later = new CompletableFuture<>();
        RecordingChain chain = RecordingChain.awaiting(request, later);

        CompletableFuture<ProviderReply> reply = new OffloadStage(Offload.NEVER, load).process(chain);

        assertThat(chain.passedOn()).isSameAs(request);
        assertThat(load.inFlight()).isEqualTo(1);
        later.complete(RecordingChain.ANSWER);
        assertThat(reply.join()).isEqualTo(RecordingChain.ANSWER);
        assertThat(load.inFlight()).isZero();
    }

    @Test
    void aRequestRefusedFurtherOnLeavesTheLoadIndexAsItWas() {
        NodeFault exhausted = new NodeFault(FaultCode.NoInstanceAvailable, "every attempt failed");

        assertThat(RecordingChain.refusing(request, exhausted).refusalBy(new OffloadStage(Offload.NEVER, load))).isSameAs(exhausted);
        assertThat(load.inFlight()).isZero();
    }

    @Test
    void aLaterStageThatThrowsInsteadOfAnsweringLeavesTheLoadIndexAsItWas() {
        IllegalStateException broken = new IllegalStateException("a broken stage");

        assertThatThrownBy(() -> new OffloadStage(Offload.NEVER, load).process(RecordingChain.throwing(request, broken)).join())
                .hasCauseReference(broken);
        assertThat(load.inFlight()).isZero();
    }
}
