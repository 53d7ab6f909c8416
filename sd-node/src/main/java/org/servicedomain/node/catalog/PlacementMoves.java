package org.servicedomain.node.catalog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.VirtualPort;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The active policy's placements of port types into other port types' virtual ports, as the catalog
 * carries them out: which port a registration joins, the instances moved out of a placed port type's
 * own port, and what each port keeps of the port types placed into it until the placement leaves the policy.
 */
final class PlacementMoves {

    private static final Logger LOG = LoggerFactory.getLogger(PlacementMoves.class);

    private final SnapshotPublisher publisher;
    /** Port type to the virtual port the active policy places it into. */
    private volatile Map<QName, String> placements = Map.of();

    PlacementMoves(SnapshotPublisher publisher) {
        this.publisher = publisher;
    }

    /** The virtual port the active policy places {@code portType} into, when {@code current} has it; else null. */
    VirtualPort placedPort(CatalogSnapshot current, QName portType) {
        String name = placements.get(portType);
        return name == null ? null : current.filedPort(name).orElse(null);
    }

    /** Refuses a placement into {@code port} of a port type whose operations share none of the port's. */
    static void requireOverlap(VirtualPort port, QName portType, Map<QName, String> operations, String from) {
        Map<QName, QName> shared = PlacedInstance.between(port, operations, Map.of()).elements();
        if (shared.isEmpty()) {
            throw new NodeFault(FaultCode.BadRequest, "port type " + portType + (from == null ? "" : " of " + from)
                    + " is placed into virtual port " + port.name() + " but shares none of its operations "
                    + new TreeSet<>(port.operationsByElement().values())
                    + " (an operation is shared when its request element has the same local name)");
        }
    }

    /** See {@link Catalog#checkPlacement}. */
    void checkPlacement(QName portType, String virtualPort, Map<QName, String> all) {
        CatalogSnapshot current = publisher.current();
        VirtualPort target = current.filedPort(virtualPort).orElseThrow(() ->
                new IllegalArgumentException("no virtual port is named " + virtualPort));
        if (target.portType().equals(portType)) {
            throw new IllegalArgumentException("port type " + portType + " is virtual port " + virtualPort
                    + "'s own; only another port type can be placed into it");
        }
        if (all.containsKey(target.portType())) {
            throw new IllegalArgumentException("virtual port " + virtualPort + " takes port type " + portType
                    + " but its own port type " + target.portType() + " is placed into virtual port "
                    + all.get(target.portType()) + "; placements do not chain: place " + portType + " there");
        }
        VirtualPort own = current.portFor(portType).orElse(null);
        if (own == null) {
            return;
        }
        if (all.containsValue(own.name())) {
            throw new IllegalArgumentException("port type " + portType + " is placed into virtual port " + virtualPort
                    + " but its own virtual port " + own.name() + " takes placed port types itself;"
                    + " placements do not chain: place them into " + virtualPort);
        }
        if (own.soapVersion() != target.soapVersion()) {
            throw new IllegalArgumentException("virtual port " + virtualPort + " speaks SOAP " + target.soapVersion().label()
                    + " but port type " + portType + " (virtual port " + own.name() + ") speaks SOAP "
                    + own.soapVersion().label());
        }
        try {
            requireOverlap(target, portType, own.operationsByElement(), null);
        } catch (NodeFault refused) {
            throw new IllegalArgumentException(refused.getMessage(), refused);
        }
    }

    /** See {@link Catalog#place}; returns the names of the ports emptied by the moves. */
    List<String> place(Map<QName, String> newPlacements) {
        placements = Collections.unmodifiableMap(new LinkedHashMap<>(newPlacements));
        return publisher.change(() -> {
            CatalogSnapshot next = forgetUnplaced(publisher.current());
            List<String> moved = new ArrayList<>();
            for (Map.Entry<QName, String> placement : placements.entrySet()) {
                VirtualPort own = next.portFor(placement.getKey()).orElse(null);
                if (own == null || own.name().equals(placement.getValue())) {
                    continue;
                }
                try {
                    checkPlacement(placement.getKey(), placement.getValue(), placements);
                } catch (IllegalArgumentException refused) {
                    LOG.warn("virtual port {} stays: {}", own.name(), refused.getMessage());
                    continue;
                }
                List<Instance> movedIn = new ArrayList<>();
                for (Instance instance : next.instancesOf(own.name())) {
                    movedIn.add(instance.movedTo(placement.getValue(), own.operationsByElement(), own.soapActions()));
                }
                next = next.withInstances(movedIn);
                next = next.withPlacedType(placement.getValue(), new PlacedPortType(own.portType(), own.wsdlDigest(),
                        own.operationsByElement(), own.soapActions()));
                next = next.withoutPort(own.name());
                moved.add(own.name());
            }
            if (next != publisher.current()) {
                publisher.publish(next);
            }
            return moved;
        });
    }

    /** {@code current} without what its ports keep of port types the policy no longer places into them. */
    private CatalogSnapshot forgetUnplaced(CatalogSnapshot current) {
        CatalogSnapshot next = current;
        for (VirtualPort port : current.ports()) {
            for (PlacedPortType type : current.placedTypesOf(port.name())) {
                if (!port.name().equals(placements.get(type.portType()))) {
                    LOG.info("port type {} is no longer placed into virtual port {}; its operations no instance"
                            + " implements leave the port", type.portType(), port.name());
                    next = next.withoutPlacedType(port.name(), type.portType());
                }
            }
        }
        return next;
    }
}
