package org.servicedomain.node.engine.admission;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An instance's room by the permit a call holds: the high class and the others keep out of each
 * other's way above the known-good limit, each using the full limit only where the other has no
 * call out.
 */
class InstanceLoadTest {

    private AdaptiveLimit probing;

    /** A limit probing above what its provider (10 workers) was seen serving at once. */
    @BeforeEach
    void aLimitProbingAboveItsKnownGoodOne() {
        probing = new AdaptiveLimit(256, AdaptiveLimit.MIN_RTT_SPAN_NANOS);
        SimulatedQueueingProvider provider = new SimulatedQueueingProvider(10, 100 * SimulatedQueueingProvider.MS);
        provider.run(probing, 30_000);
        assertThat(provider.runUntil(probing, () -> probing.limit() > probing.knownGood(), 30_000))
                .as("the limit probed above the known-good one").isTrue();
    }

    @Test
    void aHighCallStaysWithinTheKnownGoodLimitWhileOtherClassesCallsAreOut() {
        InstanceLoad load = new InstanceLoad(probing);
        send(load, probing.knownGood() - 1, DispatchPermit.SHARED);

        assertThat(load.room(DispatchPermit.HIGH)).isEqualTo(1);
        load.sending(DispatchPermit.HIGH);
        assertThat(load.room(DispatchPermit.HIGH)).isZero();
        assertThat(load.room(DispatchPermit.SHARED)).as("nor do the others probe while a high call is out").isZero();
    }

    @Test
    void theOtherClassesProbeAboveTheKnownGoodLimitWhereNoHighCallIsOut() {
        InstanceLoad load = new InstanceLoad(probing);
        send(load, probing.knownGood(), DispatchPermit.SHARED);

        assertThat(load.room(DispatchPermit.SHARED)).isEqualTo(probing.limit() - probing.knownGood());
        assertThat(load.room(DispatchPermit.HIGH)).as("a high call would be one of the probe").isLessThanOrEqualTo(0);
    }

    @Test
    void aloneTheHighClassUsesTheFullLimit() {
        InstanceLoad load = new InstanceLoad(probing);
        send(load, probing.knownGood(), DispatchPermit.HIGH);

        assertThat(load.room(DispatchPermit.HIGH)).isEqualTo(probing.limit() - probing.knownGood());

        load.ended(DispatchPermit.HIGH);
        assertThat(load.room(DispatchPermit.HIGH)).isEqualTo(probing.limit() - probing.knownGood() + 1);
    }

    private static void send(InstanceLoad load, int calls, DispatchPermit permit) {
        for (int i = 0; i < calls; i++) {
            load.sending(permit);
        }
    }
}
