package org.servicedomain.node.engine.offload;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.engine.events.NodeEvent;
import org.servicedomain.node.engine.events.NodeEvents;
import org.servicedomain.node.engine.lookup.Lookup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lookup under shortage: while a virtual port has fewer healthy operational instances of its own
 * than the policy's minimum, the peers' instances of its port type join the candidates, borrowed
 * (in memory, never filed in the catalog), until enough of its own are back.
 */
public final class BorrowingLookup implements Lookup {

    private static final Logger LOG = LoggerFactory.getLogger(BorrowingLookup.class);
    /** The attribute naming the peer a borrowed instance belongs to. */
    public static final String BORROWED_FROM = "borrowedFrom";

    private final Lookup own;
    private final Predicate<String> ejected;
    private final ToIntFunction<String> minInstances;
    private final PeerLoads peers;
    private final NodeEvents events;
    private final Map<String, Boolean> borrowing = new ConcurrentHashMap<>();

    /**
     * @param own the node's own candidates
     * @param minInstances the policy's minimum of operational instances for a virtual port
     */
    public BorrowingLookup(Lookup own, Predicate<String> ejected, ToIntFunction<String> minInstances, PeerLoads peers,
            NodeEvents events) {
        this.own = own;
        this.ejected = ejected;
        this.minInstances = minInstances;
        this.peers = peers;
        this.events = events;
    }

    /** The own lookup's, straight, while the port needs no borrowing. */
    @Override
    public List<Instance> candidates(RequestContext request, Set<String> supplierLevels) {
        String port = request.virtualPort().name();
        if (minInstances.applyAsInt(port) == 0 && borrowing.isEmpty()) {
            return own.candidates(request, supplierLevels);
        }
        return Lookup.super.candidates(request, supplierLevels);
    }

    @Override
    public List<Instance> preferred(List<Instance> eligible, RequestContext request) {
        return own.preferred(eligible, request);
    }

    @Override
    public List<Instance> candidates(RequestContext request) {
        List<Instance> mine = own.candidates(request);
        String port = request.virtualPort().name();
        int min = minInstances.applyAsInt(port);
        if (min == 0 && borrowing.isEmpty()) {
            return mine;
        }
        List<Instance> healthy = new ArrayList<>(mine.size());
        for (Instance instance : mine) {
            if (!ejected.test(instance.id())) {
                healthy.add(instance);
            }
        }
        if (healthy.size() >= min) {
            if (borrowing.remove(port) != null) {
                LOG.info("virtual port {} has {} operational instances of its own again; borrowing ended", port, healthy.size());
                events.publish(NodeEvent.Type.BORROWING_ENDED, port, null, healthy.size()
                        + " operational instances of its own again (minimum " + min + ")");
            }
            return mine;
        }
        List<Instance> borrowed = borrow(request);
        if (borrowed.isEmpty()) {
            return mine;
        }
        if (borrowing.putIfAbsent(port, Boolean.TRUE) == null) {
            LOG.warn("virtual port {} has {} operational instances, fewer than {}: borrowing {} from peers",
                    port, healthy.size(), min, borrowed.size());
            events.publish(NodeEvent.Type.BORROWING_STARTED, port, null, healthy.size() + " operational instances (minimum "
                    + min + "): using " + borrowed.size() + " instances of peers");
        }
        healthy.addAll(borrowed);
        return healthy;
    }

    private List<Instance> borrow(RequestContext request) {
        List<Instance> borrowed = new ArrayList<>();
        for (PeerLoad peer : peers.fresh()) {
            peer.portOf(request.virtualPort().portType()).ifPresent(port -> {
                for (LoadReport.Offered offered : port.instances()) {
                    Map<String, String> attributes = new HashMap<>(offered.attributes());
                    attributes.put(BORROWED_FROM, peer.home().toString());
                    borrowed.add(new Instance("peer:" + peer.base().getAuthority() + ":" + offered.id(),
                            request.virtualPort().name(), request.virtualPort().portType(), offered.endpointAddress(),
                            null, null, offered.levels(), offered.timeoutMs(), attributes, InstanceState.OPERATIONAL));
                }
            });
        }
        return borrowed;
    }
}
