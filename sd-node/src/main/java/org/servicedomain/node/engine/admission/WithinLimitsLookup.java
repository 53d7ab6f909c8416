package org.servicedomain.node.engine.admission;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.engine.lookup.Lookup;

/**
 * Prefers, for a request that holds a dispatch permit, the eligible instances with room for it
 * ({@link InstanceLimits#hasRoom}), so that the port's permits reach each instance as its own limit
 * allows whichever directive selects. A high call goes where high calls already are, if any has
 * room, and there to the instance with the most room: the others stay free for the middle and low
 * classes to probe above their known-good limits. A call that finds no room anywhere (the limits
 * fell after its permit was taken) goes where no high call is out, else anywhere eligible, as
 * without the priority classes. The directive chooses who may serve before this narrows, so a
 * caller whose designated instance is full still reaches it.
 */
public final class WithinLimitsLookup implements Lookup {

    private final Lookup lookup;
    private final InstanceLimits limits;

    public WithinLimitsLookup(Lookup lookup, InstanceLimits limits) {
        this.lookup = lookup;
        this.limits = limits;
    }

    @Override
    public List<Instance> candidates(RequestContext request) {
        return lookup.candidates(request);
    }

    @Override
    public List<Instance> candidates(RequestContext request, Set<String> supplierLevels) {
        return lookup.candidates(request, supplierLevels);
    }

    @Override
    public List<Instance> preferred(List<Instance> eligible, RequestContext request) {
        DispatchPermit permit = request.tag(DispatchPermit.class);
        if (permit == null || eligible.isEmpty()) {
            return eligible;
        }
        if (permit == DispatchPermit.HIGH) {
            List<Instance> forHigh = withRoom(eligible, DispatchPermit.HIGH);
            if (!forHigh.isEmpty()) {
                return roomiestHoldingHighCalls(forHigh);
            }
        }
        List<Instance> withinLimits = withRoom(eligible, DispatchPermit.SHARED);
        if (!withinLimits.isEmpty()) {
            return withinLimits;
        }
        // none has room (the permits were taken as the limits fell): where no high call is out, if anywhere
        return Lookup.excludingUnlessAll(eligible, instance -> limits.highInFlight(instance.id()) > 0);
    }

    /** Those of {@code eligible} with room for a call holding {@code permit}; empty when none has. */
    private List<Instance> withRoom(List<Instance> eligible, DispatchPermit permit) {
        List<Instance> kept = Lookup.excludingUnlessAll(eligible, instance -> !limits.hasRoom(instance.id(), permit));
        return kept != eligible || limits.hasRoom(eligible.get(0).id(), permit) ? kept : List.of();
    }

    /**
     * Of instances with room for a high call, those already holding high calls if any (so the
     * others stay free for the other classes to probe above their known-good limits), and of
     * those the ones with the most room.
     */
    private List<Instance> roomiestHoldingHighCalls(List<Instance> withRoom) {
        boolean anyHolding = withRoom.stream().anyMatch(instance -> limits.highInFlight(instance.id()) > 0);
        int most = Integer.MIN_VALUE;
        List<Instance> roomiest = new ArrayList<>(withRoom.size());
        for (Instance instance : withRoom) {
            if (anyHolding && limits.highInFlight(instance.id()) == 0) {
                continue;
            }
            int room = limits.room(instance.id(), DispatchPermit.HIGH);
            if (room > most) {
                most = room;
                roomiest.clear();
            }
            if (room == most) {
                roomiest.add(instance);
            }
        }
        return roomiest;
    }
}
