package org.servicedomain.node.engine.admission;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An instance's room by the permit a call holds: the high class and the others keep out of each
 * other's way above the known-good limit, each using the full limit only where the other has no
 * call out.
 */
class InstanceRoomTest {

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
        InstanceRoom room = new InstanceRoom(probing);
        send(room, probing.knownGood() - 1, DispatchPermit.SHARED);

        assertThat(room.free(DispatchPermit.HIGH)).isEqualTo(1);
        room.sending(DispatchPermit.HIGH);
        assertThat(room.free(DispatchPermit.HIGH)).isZero();
        assertThat(room.free(DispatchPermit.SHARED)).as("nor do the others probe while a high call is out").isZero();
    }

    @Test
    void theOtherClassesProbeAboveTheKnownGoodLimitWhereNoHighCallIsOut() {
        InstanceRoom room = new InstanceRoom(probing);
        send(room, probing.knownGood(), DispatchPermit.SHARED);

        assertThat(room.free(DispatchPermit.SHARED)).isEqualTo(probing.limit() - probing.knownGood());
        assertThat(room.free(DispatchPermit.HIGH)).as("a high call would be one of the probe").isLessThanOrEqualTo(0);
    }

    @Test
    void aloneTheHighClassUsesTheFullLimit() {
        InstanceRoom room = new InstanceRoom(probing);
        send(room, probing.knownGood(), DispatchPermit.HIGH);

        assertThat(room.free(DispatchPermit.HIGH)).isEqualTo(probing.limit() - probing.knownGood());

        room.ended(DispatchPermit.HIGH);
        assertThat(room.free(DispatchPermit.HIGH)).isEqualTo(probing.limit() - probing.knownGood() + 1);
    }

    private static void send(InstanceRoom room, int calls, DispatchPermit permit) {
        for (int i = 0; i < calls; i++) {
            room.sending(permit);
        }
    }
}
