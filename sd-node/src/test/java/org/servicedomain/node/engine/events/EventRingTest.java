package org.servicedomain.node.engine.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class EventRingTest {

    private static NodeEvent event(String detail) {
        return new NodeEvent(NodeEvent.Type.POLICY_ACTIVATED, Instant.EPOCH, null, null, detail);
    }

    @Test
    void keepsOnlyTheNewestEventsUpToItsCapacityAndKeepsNumberingOn() {
        EventRing ring = new EventRing(3);
        for (int i = 1; i <= 5; i++) {
            ring.on(event("e" + i));
        }

        EventRing.Page page = ring.after(0, 10);

        assertThat(page.events()).extracting(EventRing.Numbered::sequence).containsExactly(3L, 4L, 5L);
        assertThat(page.events()).extracting(n -> n.event().detail()).containsExactly("e3", "e4", "e5");
        assertThat(page.lastSequence()).isEqualTo(5);
    }

    @Test
    void answersOnlyEventsAfterTheSequenceAskedOldestFirstAndAtMostMax() {
        EventRing ring = new EventRing(10);
        for (int i = 1; i <= 6; i++) {
            ring.on(event("e" + i));
        }

        assertThat(ring.after(2, 2).events()).extracting(EventRing.Numbered::sequence).containsExactly(3L, 4L);
        assertThat(ring.after(6, 10).events()).isEmpty();
        assertThat(ring.after(6, 10).lastSequence()).isEqualTo(6);
    }

    @Test
    void nodeEventsKeepsEveryPublishedEventInItsRing() {
        NodeEvents events = new NodeEvents(Clock.fixed(Instant.parse("2026-12-02T02:00:00Z"), ZoneOffset.UTC));

        events.publish(NodeEvent.Type.INSTANCE_EJECTED, "P", "P-1", "3 failures in a row");

        EventRing.Numbered kept = events.recent().after(0, 10).events().get(0);
        assertThat(kept.sequence()).isEqualTo(1);
        assertThat(kept.event().instanceId()).isEqualTo("P-1");
        assertThat(kept.event().time()).isEqualTo(Instant.parse("2026-12-02T02:00:00Z"));
    }

    @Test
    void refusesACapacityBelowOne() {
        assertThatThrownBy(() -> new EventRing(0)).hasMessageContaining("at least 1 but was 0");
    }
}
