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
        if (permit == null) {
            return eligible;
        }
        if (permit == DispatchPermit.HIGH) {
            List<Instance> withRoom = Lookup.excludingUnlessAll(eligible, instance -> !limits.hasRoom(instance.id(), permit));
            if (withRoom != eligible || limits.hasRoom(eligible.get(0).id(), permit)) {
                return roomiestHoldingHighCalls(withRoom);
            }
        }
        List<Instance> withRoom = Lookup.excludingUnlessAll(eligible, instance -> !limits.hasRoom(instance.id(), DispatchPermit.SHARED));
        if (withRoom != eligible || limits.hasRoom(eligible.get(0).id(), DispatchPermit.SHARED)) {
            return withRoom;
        }
        // none has room (the permits were taken as the limits fell): where no high call is out, if anywhere
        return Lookup.excludingUnlessAll(eligible, instance -> limits.highInFlight(instance.id()) > 0);
    }

    /**
     * Of instances with room for a high call, those already holding high calls if any (so the
     * others stay free for the other classes to probe above their known-good limits), and of
     * those the ones with the most room; not copied when all qualify.
     */
    private List<Instance> roomiestHoldingHighCalls(List<Instance> withRoom) {
        boolean anyHolding = false;
        for (Instance instance : withRoom) {
            anyHolding |= limits.highInFlight(instance.id()) > 0;
        }
        int most = Integer.MIN_VALUE;
        int chosen = 0;
        for (Instance instance : withRoom) {
            if (anyHolding && limits.highInFlight(instance.id()) == 0) {
                continue;
            }
            int room = limits.room(instance.id(), DispatchPermit.HIGH);
            if (room > most) {
                most = room;
                chosen = 1;
            } else if (room == most) {
                chosen++;
            }
        }
        if (chosen == withRoom.size()) {
            return withRoom;
        }
        List<Instance> roomiest = new ArrayList<>(chosen);
        for (Instance instance : withRoom) {
            if ((!anyHolding || limits.highInFlight(instance.id()) > 0) && limits.room(instance.id(), DispatchPermit.HIGH) == most) {
                roomiest.add(instance);
            }
        }
        return roomiest.isEmpty() ? withRoom : roomiest;
    }
}
