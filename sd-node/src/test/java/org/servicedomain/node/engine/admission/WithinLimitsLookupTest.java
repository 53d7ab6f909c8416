package org.servicedomain.node.engine.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.instances;
import static org.servicedomain.node.TestInstances.request;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;

/**
 * Which of the instances a directive found eligible a call holding a dispatch permit is offered:
 * those with room for it; for a high call, those already holding high calls first, so the others
 * stay free for probes; all of them when none has room.
 */
class WithinLimitsLookupTest {

    private final List<Instance> abc = instances("a", "b", "c");
    private final InstanceLimits limits = new InstanceLimits(256);
    private final WithinLimitsLookup lookup = new WithinLimitsLookup(request -> abc, limits);

    @Test
    void callsOnAPortWithoutPriorityClassesLeaveTheLimitsAsTheyWere() {
        Instance a = abc.get(0);
        for (int i = 0; i < AdaptiveLimit.INITIAL; i++) {
            limits.dispatching(request(), a); // no dispatch permit: the classes are off
        }
        limits.dispatched(request(), a, 1_000_000L);

        assertThat(limits.find("a")).as("nothing kept for the instance").isNull();
        assertThat(limits.hasRoom("a", DispatchPermit.SHARED)).isTrue();
    }

    @Test
    void aCallWithoutAPermitIsOfferedEveryEligibleInstance() {
        fill("a", DispatchPermit.SHARED);

        assertThat(lookup.preferred(abc, request())).isSameAs(abc);
    }

    @Test
    void aMiddleOrLowCallIsOfferedOnlyTheInstancesWithRoom() {
        fill("a", DispatchPermit.SHARED);

        assertThat(lookup.preferred(abc, holding(DispatchPermit.SHARED))).extracting(Instance::id).containsExactly("b", "c");
    }

    @Test
    void aHighCallGoesWhereHighCallsAlreadyAreSoTheOthersStayFreeToProbe() {
        send("b", DispatchPermit.HIGH);

        assertThat(lookup.preferred(abc, holding(DispatchPermit.HIGH))).extracting(Instance::id).containsExactly("b");
    }

    @Test
    void aHighCallGoesElsewhereOnceTheInstancesHoldingHighCallsAreFull() {
        send("b", DispatchPermit.HIGH);
        fill("b", DispatchPermit.HIGH);

        assertThat(lookup.preferred(abc, holding(DispatchPermit.HIGH))).extracting(Instance::id).containsExactly("a", "c");
    }

    @Test
    void whenNoInstanceHasRoomEveryEligibleOneIsOfferedWhereNoHighCallIsOut() {
        fill("a", DispatchPermit.SHARED);
        fill("b", DispatchPermit.HIGH);
        fill("c", DispatchPermit.SHARED);

        assertThat(lookup.preferred(abc, holding(DispatchPermit.SHARED))).extracting(Instance::id).containsExactly("a", "c");
    }

    private static RequestContext holding(DispatchPermit permit) {
        return request().withTag(DispatchPermit.class, permit);
    }

    private void send(String instance, DispatchPermit permit) {
        limits.dispatching(holding(permit), abc.stream().filter(i -> i.id().equals(instance)).findFirst().orElseThrow());
    }

    /** Calls holding {@code permit} sent to the instance until it has no room for another. */
    private void fill(String instance, DispatchPermit permit) {
        while (limits.hasRoom(instance, permit)) {
            send(instance, permit);
        }
    }
}
