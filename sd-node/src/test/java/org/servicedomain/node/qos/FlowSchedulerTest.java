package org.servicedomain.node.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/** One virtual port's flows: fast path, bounded queues, deadlines, leaky buckets and the weighted fair queue. */
class FlowSchedulerTest {

    private static final long HOUR = Duration.ofHours(1).toNanos();

    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);
    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final TimeMeter fakeTime = new TimeMeter() {
        @Override
        public long currentTimeNanos() {
            return now.get();
        }

        @Override
        public boolean isWallClockBased() {
            return false;
        }
    };

    @AfterEach
    void stopTimer() {
        timer.shutdownNow();
    }

    @Test
    void letsARequestOnAtOnceWhenNothingWaitsAndTheBucketsHaveRoom() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);

        assertThat(port.admit(PriorityClass.LOW, now.get() + HOUR, 10)).isCompleted();
        assertThat(port.status().get(PriorityClass.LOW.ordinal()).admitted()).isEqualTo(1);
    }

    @Test
    void refusesOverloadedOnceTheFlowsQueueIsFull() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        port.reshape(Map.of(PriorityClass.LOW, 0.0), Map.of(), Double.POSITIVE_INFINITY);
        port.admit(PriorityClass.LOW, now.get() + HOUR, 2);
        port.admit(PriorityClass.LOW, now.get() + HOUR, 2);

        CompletableFuture<Void> third = port.admit(PriorityClass.LOW, now.get() + HOUR, 2);

        assertThat(faultOf(third).code()).isEqualTo(FaultCode.Overloaded);
        assertThat(faultOf(third)).hasMessageContaining("low queue of virtual port 'Quotes'").hasMessageContaining("not sent");
        assertThat(port.status().get(PriorityClass.LOW.ordinal()).dropped()).isEqualTo(1);
    }

    @Test
    void answersTimeoutAtTheDeadlineOfARequestStillWaiting() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, TimeMeter.SYSTEM_NANOTIME);
        port.reshape(Map.of(PriorityClass.HIGH, 0.0), Map.of(), Double.POSITIVE_INFINITY);

        CompletableFuture<Void> waiting = port.admit(PriorityClass.HIGH, System.nanoTime() + Duration.ofMillis(50).toNanos(), 10);

        await().atMost(Duration.ofSeconds(5)).until(waiting::isDone);
        assertThat(faultOf(waiting).code()).isEqualTo(FaultCode.Timeout);
        assertThat(faultOf(waiting)).hasMessageContaining("high queue").hasMessageContaining("not sent to any provider");
        FlowStatus high = port.status().get(PriorityClass.HIGH.ordinal());
        assertThat(high.timedOut()).isEqualTo(1);
        assertThat(high.queued()).isZero();
        assertThat(high.admitted()).isZero();
    }

    @Test
    void aWaitingRequestLeavesWhenItsFlowsBucketRefills() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        port.reshape(Map.of(PriorityClass.MIDDLE, 10.0), Map.of(), Double.POSITIVE_INFINITY);
        assertThat(port.admit(PriorityClass.MIDDLE, now.get() + HOUR, 10)).isCompleted();

        CompletableFuture<Void> second = port.admit(PriorityClass.MIDDLE, now.get() + HOUR, 10);
        assertThat(second).isNotDone();
        now.addAndGet(Duration.ofMillis(100).toNanos());
        port.reshape(Map.of(PriorityClass.MIDDLE, 10.0), Map.of(), Double.POSITIVE_INFINITY);

        assertThat(second).isCompleted();
    }

    @Test
    void grantsDispatchSlotsAcrossWaitingFlowsInProportionToTheirWeights() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        Map<PriorityClass, Double> weights = Map.of(PriorityClass.HIGH, 300.0, PriorityClass.LOW, 100.0);
        port.reshape(Map.of(), weights, 10.0);
        assertThat(port.admit(PriorityClass.LOW, now.get() + HOUR, 100)).isCompleted();
        List<CompletableFuture<Void>> high = new ArrayList<>();
        List<CompletableFuture<Void>> low = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            high.add(port.admit(PriorityClass.HIGH, now.get() + HOUR, 100));
            low.add(port.admit(PriorityClass.LOW, now.get() + HOUR, 100));
        }

        for (int slot = 0; slot < 20; slot++) {
            now.addAndGet(Duration.ofMillis(100).toNanos());
            port.reshape(Map.of(), weights, 10.0);
        }

        long highServed = high.stream().filter(CompletableFuture::isDone).count();
        long lowServed = low.stream().filter(CompletableFuture::isDone).count();
        assertThat(highServed + lowServed).isEqualTo(20);
        assertThat(highServed).isBetween(14L, 16L);
    }

    private static NodeFault faultOf(CompletableFuture<Void> ticket) {
        assertThat(ticket).isCompletedExceptionally();
        return (NodeFault) Completions.cause(ticket.handle((v, e) -> e).join());
    }
}
