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

/** One virtual port's flows: fast path, bounded queues, deadlines, leaky buckets, permits, the high class first and the weighted fair queue. */
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

        CompletableFuture<Long> third = port.admit(PriorityClass.LOW, now.get() + HOUR, 2);

        assertThat(faultOf(third).code()).isEqualTo(FaultCode.Overloaded);
        assertThat(faultOf(third)).hasMessageContaining("low queue of virtual port 'Quotes'").hasMessageContaining("not sent");
        assertThat(port.status().get(PriorityClass.LOW.ordinal()).dropped()).isEqualTo(1);
    }

    @Test
    void refusesAtOnceWithoutAdmittingWhatAdmitWouldRefuseAndCountsItAsArrivedAndDropped() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        port.reshape(Map.of(PriorityClass.LOW, 0.0), Map.of(), Double.POSITIVE_INFINITY);
        assertThat(port.anyQueueFull(1)).isFalse();
        assertThat(port.refuseWhenFull(PriorityClass.LOW, 1)).as("an empty queue refuses nothing").isNull();
        port.admit(PriorityClass.LOW, now.get() + HOUR, 1);

        NodeFault refused = port.refuseWhenFull(PriorityClass.LOW, 1);

        assertThat(port.anyQueueFull(1)).isTrue();
        assertThat(port.anyQueueFull(2)).isFalse();
        assertThat(refused).isSameAs(faultOf(port.admit(PriorityClass.LOW, now.get() + HOUR, 1)))
                .as("one fault for every refusal at this queue length: nothing is built per refusal");
        assertThat(port.refuseWhenFull(PriorityClass.HIGH, 1)).as("another class's queue has room").isNull();
        assertThat(port.status().get(PriorityClass.LOW.ordinal()).dropped()).isEqualTo(2);
        assertThat(port.takeRound().get(PriorityClass.LOW).arrivals()).as("the queued one and both refused").isEqualTo(3);
    }

    @Test
    void tellsAQueueFullOnceItFillsAndNoLongerOnceItDrains() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        port.reshape(Map.of(PriorityClass.MIDDLE, 10.0), Map.of(), Double.POSITIVE_INFINITY);
        assertThat(port.admit(PriorityClass.MIDDLE, now.get() + HOUR, 2)).isCompleted();
        CompletableFuture<Long> first = port.admit(PriorityClass.MIDDLE, now.get() + HOUR, 2);
        assertThat(port.anyQueueFull(2)).as("one waits of two").isFalse();

        CompletableFuture<Long> second = port.admit(PriorityClass.MIDDLE, now.get() + HOUR, 2);

        assertThat(port.anyQueueFull(2)).as("two wait of two").isTrue();
        now.addAndGet(Duration.ofMillis(100).toNanos());
        port.reshape(Map.of(PriorityClass.MIDDLE, 10.0), Map.of(), Double.POSITIVE_INFINITY);
        assertThat(first).isCompleted();
        assertThat(second).isNotDone();
        assertThat(port.anyQueueFull(2)).as("the bucket let one on").isFalse();
        assertThat(port.anyQueueFull(1)).isTrue();
    }

    @Test
    void noLongerTellsAQueueFullOnceItsRequestWaitedPastItsDeadline() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, TimeMeter.SYSTEM_NANOTIME);
        port.reshape(Map.of(PriorityClass.LOW, 0.0), Map.of(), Double.POSITIVE_INFINITY);
        CompletableFuture<Long> waiting = port.admit(PriorityClass.LOW, System.nanoTime() + Duration.ofMillis(50).toNanos(), 1);
        assertThat(port.anyQueueFull(1)).isTrue();

        await().atMost(Duration.ofSeconds(5)).until(waiting::isDone);

        assertThat(port.anyQueueFull(1)).isFalse();
        assertThat(port.refuseWhenFull(PriorityClass.LOW, 1)).isNull();
    }

    @Test
    void answersTimeoutAtTheDeadlineOfARequestStillWaiting() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, TimeMeter.SYSTEM_NANOTIME);
        port.reshape(Map.of(PriorityClass.HIGH, 0.0), Map.of(), Double.POSITIVE_INFINITY);

        CompletableFuture<Long> waiting = port.admit(PriorityClass.HIGH, System.nanoTime() + Duration.ofMillis(50).toNanos(), 10);

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

        CompletableFuture<Long> second = port.admit(PriorityClass.MIDDLE, now.get() + HOUR, 10);
        assertThat(second).isNotDone();
        now.addAndGet(Duration.ofMillis(100).toNanos());
        port.reshape(Map.of(PriorityClass.MIDDLE, 10.0), Map.of(), Double.POSITIVE_INFINITY);

        assertThat(second).isCompleted();
    }

    @Test
    void grantsDispatchSlotsAcrossWaitingMiddleAndLowFlowsInProportionToTheirWeights() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        Map<PriorityClass, Double> weights = Map.of(PriorityClass.MIDDLE, 300.0, PriorityClass.LOW, 100.0);
        port.reshape(Map.of(), weights, 10.0);
        assertThat(port.admit(PriorityClass.LOW, now.get() + HOUR, 100)).isCompleted();
        List<CompletableFuture<Long>> middle = new ArrayList<>();
        List<CompletableFuture<Long>> low = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            middle.add(port.admit(PriorityClass.MIDDLE, now.get() + HOUR, 100));
            low.add(port.admit(PriorityClass.LOW, now.get() + HOUR, 100));
        }

        for (int slot = 0; slot < 20; slot++) {
            now.addAndGet(Duration.ofMillis(100).toNanos());
            port.reshape(Map.of(), weights, 10.0);
        }

        long middleServed = middle.stream().filter(CompletableFuture::isDone).count();
        long lowServed = low.stream().filter(CompletableFuture::isDone).count();
        assertThat(middleServed + lowServed).isEqualTo(20);
        assertThat(middleServed).isBetween(14L, 16L);
    }

    @Test
    void aFreedPermitGoesToTheHighClassFirstWhateverTheOthersWeigh() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        port.reshape(Map.of(), Map.of(PriorityClass.HIGH, 1.0, PriorityClass.MIDDLE, 1000.0, PriorityClass.LOW, 1000.0),
                Double.POSITIVE_INFINITY);
        port.limitConcurrency(PortLimits.fixed(1));
        assertThat(port.admit(PriorityClass.LOW, now.get() + HOUR, 100)).isCompleted();
        List<CompletableFuture<Long>> others = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            others.add(port.admit(PriorityClass.MIDDLE, now.get() + HOUR, 100));
            others.add(port.admit(PriorityClass.LOW, now.get() + HOUR, 100));
        }
        CompletableFuture<Long> high = port.admit(PriorityClass.HIGH, now.get() + HOUR, 100);

        port.release(PriorityClass.LOW, 1_000_000L);

        assertThat(high).isCompleted();
        assertThat(others).noneMatch(CompletableFuture::isDone);
    }

    @Test
    void holdsRequestsOnceThePortHasItsConcurrencyLimitInServiceAndLetsOneOnPerReleasedPermit() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        port.limitConcurrency(PortLimits.fixed(2));
        assertThat(port.admit(PriorityClass.LOW, now.get() + HOUR, 100)).isCompleted();
        assertThat(port.admit(PriorityClass.LOW, now.get() + HOUR, 100)).isCompleted();

        CompletableFuture<Long> third = port.admit(PriorityClass.LOW, now.get() + HOUR, 100);
        CompletableFuture<Long> fourth = port.admit(PriorityClass.LOW, now.get() + HOUR, 100);
        assertThat(third).isNotDone();
        assertThat(port.status().get(PriorityClass.LOW.ordinal()).inService()).isEqualTo(2);

        port.release(PriorityClass.LOW, 1_000_000L);

        assertThat(third).isCompleted();
        assertThat(fourth).isNotDone();
        assertThat(port.inService()).isEqualTo(2);
    }

    @Test
    void lendsPermitsAShapedFlowsBucketLeavesIdleOnceTheInstancesLimitsBoundThem() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        port.reshape(Map.of(PriorityClass.LOW, 0.0), Map.of(), Double.POSITIVE_INFINITY);
        port.limitConcurrency(PortLimits.fixed(2));

        CompletableFuture<Long> first = port.admit(PriorityClass.LOW, now.get() + HOUR, 100);
        CompletableFuture<Long> second = port.admit(PriorityClass.LOW, now.get() + HOUR, 100);
        CompletableFuture<Long> third = port.admit(PriorityClass.LOW, now.get() + HOUR, 100);

        assertThat(first).isCompleted();
        assertThat(second).isCompleted();
        assertThat(third).as("both permits are in service").isNotDone();
    }

    @Test
    void theOtherClassesLeaveTheHighClassItsBurstOfADeclaredCapacitysSlots() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        port.reshape(Map.of(), Map.of(), 100); // 100 slots a second: 10 in a burst
        port.reserveForHigh(0, 50); // the high class sends 50 a second: 5 of a burst

        List<CompletableFuture<Long>> low = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            low.add(port.admit(PriorityClass.LOW, now.get() + HOUR, 100));
        }
        CompletableFuture<Long> high = port.admit(PriorityClass.HIGH, now.get() + HOUR, 100);

        assertThat(low.stream().filter(CompletableFuture::isDone)).hasSize(5);
        assertThat(high).as("a slot was left for it").isCompleted();
    }

    @Test
    void lendsNoIdlePermitToAFlowHeldToTheRateOfANodeItSharesWithOtherPorts() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        port.reshape(Map.of(PriorityClass.LOW, 0.0), Map.of(), Double.POSITIVE_INFINITY);
        port.limitConcurrency(PortLimits.fixed(2));
        port.holdToRate(java.util.Set.of(PriorityClass.LOW));

        CompletableFuture<Long> low = port.admit(PriorityClass.LOW, now.get() + HOUR, 100);
        CompletableFuture<Long> high = port.admit(PriorityClass.HIGH, now.get() + HOUR, 100);

        assertThat(low).as("its bucket is empty and a child's capacity holds it there").isNotDone();
        assertThat(high).isCompleted();
        assertThat(port.inService()).isEqualTo(1);
    }

    @Test
    void aClosedLoopFlowsDemandCountsItsWaitingCallsAtTheirServiceTime() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        port.limitConcurrency(PortLimits.fixed(1));
        port.admit(PriorityClass.HIGH, now.get() + HOUR, 100);
        for (int i = 0; i < 9; i++) {
            port.admit(PriorityClass.HIGH, now.get() + HOUR, 100);
        }
        port.release(PriorityClass.HIGH, Duration.ofMillis(100).toNanos());

        FlowRound round = port.takeRound().get(PriorityClass.HIGH);

        assertThat(round.arrivals()).isEqualTo(10);
        assertThat(round.waiting()).isEqualTo(8);
        assertThat(round.inService()).isEqualTo(1);
        // ten arrivals in a one-second round, but nine calls waiting or running at 100 ms each ask for 90 a second
        assertThat(round.demandTps(1.0)).isCloseTo(90.0, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void aHighCallGoesWhileAnInstanceHasRoomForItAndWaitsWhileNoneHas() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        Instances instances = new Instances(4);
        port.limitConcurrency(instances);
        assertThat(port.admit(PriorityClass.LOW, now.get() + HOUR, 100)).isCompleted();
        instances.callsOut(1).roomForHigh(0); // the low call took the known-good room there is

        CompletableFuture<Long> high = port.admit(PriorityClass.HIGH, now.get() + HOUR, 100);

        assertThat(high).isNotDone();
        instances.callsOut(0).roomForHigh(1);
        port.release(PriorityClass.LOW, 1_000_000L);
        assertThat(high).isCompleted();
    }

    @Test
    void aTicketCarriesTheQuickestInstancesResponseTimeAsTheRequestWasLetOnWaitingOrNot() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        long quickest = Duration.ofMillis(7).toNanos();
        port.limitConcurrency(new PortLimits() {
            private final PortLimits one = PortLimits.fixed(1);

            @Override
            public int concurrency() {
                return one.concurrency();
            }

            @Override
            public int knownGood() {
                return one.knownGood();
            }

            @Override
            public int inFlight() {
                return 0;
            }

            @Override
            public int roomForShared() {
                return one.roomForShared();
            }

            @Override
            public int roomForHigh() {
                return one.roomForHigh();
            }

            @Override
            public int roomWithinKnownGood() {
                return one.roomWithinKnownGood();
            }

            @Override
            public long quickestNanos() {
                return quickest;
            }
        });
        CompletableFuture<Long> first = port.admit(PriorityClass.LOW, now.get() + HOUR, 10);
        CompletableFuture<Long> second = port.admit(PriorityClass.LOW, now.get() + HOUR, 10);
        assertThat(second).as("waits for the one permit").isNotDone();

        port.release(PriorityClass.LOW, 1_000_000L);

        assertThat(first).isCompletedWithValue(quickest);
        assertThat(second).isCompletedWithValue(quickest);
    }

    @Test
    void noOtherClassIsLetOnWhileAHighCallWaitsForRoom() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        Instances instances = new Instances(4);
        port.limitConcurrency(instances);
        port.admit(PriorityClass.LOW, now.get() + HOUR, 100);
        instances.callsOut(1).roomForHigh(0); // a probe: room for more low calls, none for a high one
        CompletableFuture<Long> high = port.admit(PriorityClass.HIGH, now.get() + HOUR, 100);

        CompletableFuture<Long> low = port.admit(PriorityClass.LOW, now.get() + HOUR, 100);

        assertThat(low).as("there is room for it, but a high call waits").isNotDone();
        instances.callsOut(0).roomForHigh(1);
        port.release(PriorityClass.LOW, 1_000_000L);
        assertThat(high).isCompleted();
        assertThat(low).as("then the others go again").isCompleted();
    }

    @Test
    void callsLetOnButNotYetAtAnInstanceTakeTheRoomTheInstancesStillShow() {
        FlowScheduler port = new FlowScheduler("Quotes", timer, fakeTime);
        Instances instances = new Instances(4).roomForHigh(1).roomWithinKnownGood(1);
        port.limitConcurrency(instances);

        assertThat(port.admit(PriorityClass.HIGH, now.get() + HOUR, 100)).isCompleted();
        assertThat(port.admit(PriorityClass.HIGH, now.get() + HOUR, 100)).as("the first is on its way to the one free place")
                .isNotDone();
    }

    /** A port's instances as the scheduler reads them: their room set by each test. */
    private static final class Instances implements PortLimits {
        private final int limits;
        private int callsOut;
        private int roomForHigh;
        private int roomWithinKnownGood;

        Instances(int limits) {
            this.limits = limits;
            this.roomForHigh = limits;
            this.roomWithinKnownGood = limits;
        }

        Instances roomWithinKnownGood(int room) {
            roomWithinKnownGood = room;
            return this;
        }

        Instances callsOut(int calls) {
            callsOut = calls;
            return this;
        }

        Instances roomForHigh(int room) {
            roomForHigh = room;
            return this;
        }

        @Override
        public int concurrency() {
            return limits;
        }

        @Override
        public int knownGood() {
            return limits;
        }

        @Override
        public int inFlight() {
            return callsOut;
        }

        @Override
        public int roomForShared() {
            return limits - callsOut;
        }

        @Override
        public int roomForHigh() {
            return roomForHigh;
        }

        @Override
        public int roomWithinKnownGood() {
            return roomWithinKnownGood;
        }
    }

    private static NodeFault faultOf(CompletableFuture<Long> ticket) {
        assertThat(ticket).isCompletedExceptionally();
        return (NodeFault) Completions.cause(ticket.handle((v, e) -> e).join());
    }
}
