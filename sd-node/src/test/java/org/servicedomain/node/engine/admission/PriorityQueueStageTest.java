package org.servicedomain.node.engine.admission;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.RecordingChain;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.Arrived;
import org.servicedomain.node.core.Deadline;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.TestPolicies;
import org.servicedomain.node.qos.PortLimits;
import org.servicedomain.node.qos.PriorityFlows;

/**
 * Priority classes: without them every request passes straight on; with them a request goes on
 * holding one of the port's dispatch permits, waits as data while none is free, is refused
 * {@code Overloaded} when its class's queue is full and {@code Timeout} when its deadline comes in
 * the queue. A class's deadline bounds the whole call and is counted from the request's arrival.
 */
class PriorityQueueStageTest {

    private static final long CLASS_TIMEOUT = TimeUnit.SECONDS.toNanos(2);
    private static final String PORT = "StockQuotePortType";
    private static final CompiledPolicy UNCLASSED = TestPolicies.compile("<policy xmlns=\"urn:sd:policy:1\"/>");

    private final PriorityFlows flows = new PriorityFlows();
    private final PriorityQueueStage stage = new PriorityQueueStage(flows);

    @AfterEach
    void stopTheQueuesTimer() {
        flows.close();
    }

    @Test
    void withoutPriorityClassesARequestPassesStraightOnAsItCame() {
        RequestContext request = UNCLASSED.boundTo(TestInstances.request());
        RecordingChain chain = RecordingChain.answering(request);

        assertThat(chain.replyOf(stage)).isEqualTo(RecordingChain.ANSWER);

        assertThat(chain.passedOn()).isSameAs(request);
        assertThat(flows.ports()).as("no queue made").isEmpty();
    }

    @Test
    void aClassedRequestGoesOnHoldingADispatchPermitUntilItsReplyComesBack() {
        CompletableFuture<ProviderReply> later = new CompletableFuture<>();
        RecordingChain chain = RecordingChain.awaiting(classed(60_000, 10), later);

        CompletableFuture<ProviderReply> reply = stage.process(chain);

        assertThat(chain.passedOn().tag(DispatchPermit.class)).isEqualTo(DispatchPermit.SHARED);
        assertThat(flows.of(PORT).inService()).isEqualTo(1);
        later.complete(RecordingChain.ANSWER);
        assertThat(reply.join()).isEqualTo(RecordingChain.ANSWER);
        assertThat(flows.of(PORT).inService()).isZero();
    }

    @Test
    void whileThePortsPermitsAreHeldARequestWaitsAsDataAndGoesOnWhenOneIsGivenBack() {
        flows.of(PORT).limitConcurrency(PortLimits.fixed(1));
        CompletableFuture<ProviderReply> first = new CompletableFuture<>();
        stage.process(RecordingChain.awaiting(classed(60_000, 10), first));
        RecordingChain second = RecordingChain.answering(classed(60_000, 10));

        CompletableFuture<ProviderReply> secondReply = stage.process(second);

        assertThat(second.wasPassedOn()).as("let on while the only permit is held").isFalse();
        assertThat(secondReply).isNotDone();
        first.complete(RecordingChain.ANSWER);
        assertThat(secondReply.join()).isEqualTo(RecordingChain.ANSWER);
        assertThat(second.wasPassedOn()).isTrue();
    }

    @Test
    void aRequestFindingItsClasssQueueFullIsRefusedOverloadedAndNeverGoesOn() {
        flows.of(PORT).limitConcurrency(PortLimits.fixed(1));
        stage.process(RecordingChain.awaiting(classed(60_000, 1), new CompletableFuture<>()));
        stage.process(RecordingChain.awaiting(classed(60_000, 1), new CompletableFuture<>()));
        RecordingChain third = RecordingChain.answering(classed(60_000, 1));

        NodeFault refusal = third.refusalBy(stage);

        assertThat(refusal.code()).isEqualTo(FaultCode.Overloaded);
        assertThat(refusal).hasMessageContaining(PORT).hasMessageContaining("not sent to any provider");
        assertThat(third.wasPassedOn()).isFalse();
    }

    @Test
    void aRequestStillQueuedAtItsClassDeadlineIsATimeoutAndNeverGoesOn() {
        flows.of(PORT).limitConcurrency(PortLimits.fixed(1));
        stage.process(RecordingChain.awaiting(classed(60_000, 10), new CompletableFuture<>()));
        RecordingChain late = RecordingChain.answering(classed(50, 10));

        NodeFault refusal = late.refusalBy(stage);

        assertThat(refusal.code()).isEqualTo(FaultCode.Timeout);
        assertThat(late.wasPassedOn()).isFalse();
    }

    @Test
    void aRequestLetOnWithLessTimeLeftThanItsQuickestInstanceAnswersInIsATimeoutAndNeverGoesOn() {
        flows.of(PORT).limitConcurrency(new QuickestInstance(TimeUnit.SECONDS.toNanos(2)));
        RecordingChain late = RecordingChain.answering(classed(1_000, 10));

        NodeFault refusal = late.refusalBy(stage);

        assertThat(refusal.code()).isEqualTo(FaultCode.Timeout);
        assertThat(refusal).hasMessageContaining("not sent to any provider");
        assertThat(late.wasPassedOn()).isFalse();
        assertThat(flows.of(PORT).inService()).as("its permit given back").isZero();
        assertThat(RecordingChain.answering(classed(3_000, 10)).replyOf(stage)).as("one with time enough goes on")
                .isEqualTo(RecordingChain.ANSWER);
    }

    /** Room for anything; its quickest instance answers in {@code nanos} without queueing. */
    private record QuickestInstance(long nanos) implements PortLimits {
        @Override
        public int concurrency() {
            return 10;
        }

        @Override
        public int knownGood() {
            return 10;
        }

        @Override
        public int inFlight() {
            return 0;
        }

        @Override
        public int roomForShared() {
            return 10;
        }

        @Override
        public int roomForHigh() {
            return 10;
        }

        @Override
        public int roomWithinKnownGood() {
            return 10;
        }

        @Override
        public long quickestNanos() {
            return nanos;
        }
    }

    /** A request of the one class every request is in, whose deadline is {@code timeoutMs} and whose queue holds {@code queueLength}. */
    private static RequestContext classed(long timeoutMs, int queueLength) {
        CompiledPolicy policy = TestPolicies.compile("""
                <policy xmlns="urn:sd:policy:1">
                  <priorityClasses defaultTimeoutMs="%d" queueLength="%d"/>
                </policy>
                """.formatted(timeoutMs, queueLength));
        return policy.boundTo(TestInstances.request()).withTag(Arrived.class, new Arrived(System.nanoTime()));
    }

    @Test
    void theClassDeadlineCountsFromTheRequestsArrivalNotFromWhenItReachesTheQueue() {
        long arrived = System.nanoTime() - TimeUnit.SECONDS.toNanos(1); // its body took a second to arrive
        RequestContext request = TestInstances.request().withTag(Arrived.class, new Arrived(arrived));

        RequestContext bounded = PriorityQueueStage.withClassDeadline(request, CLASS_TIMEOUT);

        assertThat(bounded.deadline().nanoTime()).isEqualTo(arrived + CLASS_TIMEOUT);
    }

    @Test
    void aClientsEarlierDeadlineStands() {
        long arrived = System.nanoTime();
        Deadline clients = new Deadline(arrived + TimeUnit.MILLISECONDS.toNanos(500));
        RequestContext request = TestInstances.request().withTag(Arrived.class, new Arrived(arrived))
                .withTerms(clients, false);

        assertThat(PriorityQueueStage.withClassDeadline(request, CLASS_TIMEOUT).deadline()).isEqualTo(clients);
    }

    @Test
    void aClientsLaterDeadlineIsCutToTheClasses() {
        long arrived = System.nanoTime();
        RequestContext request = TestInstances.request().withTag(Arrived.class, new Arrived(arrived))
                .withTerms(new Deadline(arrived + TimeUnit.SECONDS.toNanos(60)), true);

        RequestContext bounded = PriorityQueueStage.withClassDeadline(request, CLASS_TIMEOUT);

        assertThat(bounded.deadline().nanoTime()).isEqualTo(arrived + CLASS_TIMEOUT);
        assertThat(bounded.offloaded()).isTrue();
    }
}
