package org.servicedomain.node.engine.admission;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
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
        InstanceRoom[] rooms = new InstanceRoom[eligible.size()];
        for (int i = 0; i < rooms.length; i++) {
            rooms[i] = limits.find(eligible.get(i).id());
        }
        if (permit == DispatchPermit.HIGH) {
            List<Instance> forHigh = roomiestHoldingHighCalls(eligible, rooms);
            if (!forHigh.isEmpty()) {
                return forHigh;
            }
        }
        List<Instance> withinLimits = kept(eligible, rooms, room -> limits.free(room, DispatchPermit.SHARED) > 0);
        if (!withinLimits.isEmpty()) {
            return withinLimits;
        }
        // none has room (the permits were taken as the limits fell): where no high call is out, if anywhere
        List<Instance> noHighCall = kept(eligible, rooms, room -> highInFlight(room) == 0);
        return noHighCall.isEmpty() ? eligible : noHighCall;
    }

    /** Those of {@code eligible} whose room passes {@code test}: the list itself when all do. */
    private static List<Instance> kept(List<Instance> eligible, InstanceRoom[] rooms, Predicate<InstanceRoom> test) {
        List<Instance> kept = null;
        for (int i = 0; i < rooms.length; i++) {
            boolean passes = test.test(rooms[i]);
            if (!passes && kept == null) {
                kept = new ArrayList<>(eligible.subList(0, i));
            } else if (passes && kept != null) {
                kept.add(eligible.get(i));
            }
        }
        return kept == null ? eligible : kept;
    }

    /**
     * Of the instances with room for a high call, those already holding high calls if any (so the
     * others stay free for the other classes to probe above their known-good limits), and of
     * those the ones with the most room; empty when none has room.
     */
    private List<Instance> roomiestHoldingHighCalls(List<Instance> eligible, InstanceRoom[] rooms) {
        boolean anyHolding = false;
        for (InstanceRoom room : rooms) {
            anyHolding |= highInFlight(room) > 0 && limits.free(room, DispatchPermit.HIGH) > 0;
        }
        int most = 0;
        List<Instance> roomiest = new ArrayList<>(rooms.length);
        for (int i = 0; i < rooms.length; i++) {
            int free = limits.free(rooms[i], DispatchPermit.HIGH);
            if (free <= 0 || (anyHolding && highInFlight(rooms[i]) == 0)) {
                continue;
            }
            if (free > most) {
                most = free;
                roomiest.clear();
            }
            if (free == most) {
                roomiest.add(eligible.get(i));
            }
        }
        return roomiest;
    }

    private static int highInFlight(InstanceRoom room) {
        return room == null ? 0 : room.highInFlight();
    }
}
