package org.servicedomain.node.catalog;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.VirtualPort;

/**
 * One consistent, immutable view of the catalog. The hot path reads the current snapshot without
 * locking; every change publishes a new one, so a request never sees half of a change.
 */
public final class CatalogSnapshot {

    /** The ports as filed, before instances of placed port types added their operations. */
    private final Map<String, VirtualPort> filedPorts;
    private final Map<String, VirtualPort> portsByName;
    private final Map<QName, VirtualPort> portsByType;
    private final Map<String, Instance> instancesById;
    private final Map<String, List<Instance>> instancesByPort;
    private final Map<String, List<Instance>> operationalByPort;
    /** Per port, the operational instances of each supplier level, so a one-level lookup costs the same for 10 or 10,000. */
    private final Map<String, Map<String, List<Instance>>> operationalByPortAndLevel;
    /** The ports one of whose instances lacks one of the port's operations, or is placed; lookup filters only these. */
    private final Set<String> partialPorts;
    /** The instances of port types placed into another's virtual port, by id. */
    private final Map<String, PlacedInstance> placed;
    /** Per port, the port types the policy places into it, as their latest instances were filed. */
    private final Map<String, List<PlacedPortType>> placedTypes;
    private final UnionWsdl unionWsdl;

    private CatalogSnapshot(Collection<VirtualPort> ports, Collection<Instance> instances,
            Map<String, List<PlacedPortType>> placedTypes, UnionWsdl unionWsdl) {
        Map<String, VirtualPort> filed = new LinkedHashMap<>();
        Map<QName, VirtualPort> byType = new LinkedHashMap<>();
        Map<String, List<Instance>> byPort = new LinkedHashMap<>();
        Map<String, List<Instance>> operational = new LinkedHashMap<>();
        for (VirtualPort port : ports) {
            filed.put(port.name(), port);
            byType.put(port.portType(), port);
            byPort.put(port.name(), new ArrayList<>());
            operational.put(port.name(), new ArrayList<>());
        }
        Map<String, Instance> byId = new LinkedHashMap<>();
        Map<String, PlacedInstance> placedById = new HashMap<>();
        for (Instance instance : instances) {
            VirtualPort port = filed.get(instance.virtualPort());
            if (port == null) {
                throw new IllegalArgumentException("instance " + instance.id() + " names unknown virtual port "
                        + instance.virtualPort());
            }
            byId.put(instance.id(), instance);
            byPort.get(instance.virtualPort()).add(instance);
            if (!instance.portType().equals(port.portType())) {
                placedById.put(instance.id(), PlacedInstance.of(port, instance));
            }
            if (instance.isOperational()) {
                operational.get(instance.virtualPort()).add(instance);
            }
        }
        Map<String, List<PlacedPortType>> types = new HashMap<>();
        placedTypes.forEach((port, list) -> {
            if (filed.containsKey(port) && !list.isEmpty()) {
                types.put(port, List.copyOf(list));
            }
        });
        this.placedTypes = Map.copyOf(types);
        this.unionWsdl = unionWsdl;
        this.filedPorts = Collections.unmodifiableMap(filed);
        this.placed = Map.copyOf(placedById);
        this.portsByName = Collections.unmodifiableMap(PortUnion.joined(filed, byPort, placed, this.placedTypes, unionWsdl));
        this.portsByType = Collections.unmodifiableMap(byType);
        this.instancesById = Collections.unmodifiableMap(byId);
        Set<String> partial = new HashSet<>();
        for (Instance instance : byId.values()) {
            if (placed.containsKey(instance.id()) || lacksAnOperationOf(portsByName.get(instance.virtualPort()), instance)) {
                partial.add(instance.virtualPort());
            }
        }
        byPort.replaceAll((k, v) -> List.copyOf(v));
        operational.replaceAll((k, v) -> List.copyOf(v));
        this.instancesByPort = byPort;
        this.operationalByPort = operational;
        this.operationalByPortAndLevel = byLevel(operational);
        this.partialPorts = Set.copyOf(partial);
    }

    private static boolean lacksAnOperationOf(VirtualPort port, Instance instance) {
        return instance.operations() != null
                && !instance.operations().keySet().containsAll(port.operationsByElement().keySet());
    }

    private static Map<String, Map<String, List<Instance>>> byLevel(Map<String, List<Instance>> operational) {
        Map<String, Map<String, List<Instance>>> byPortAndLevel = new HashMap<>();
        operational.forEach((port, instances) -> {
            Map<String, List<Instance>> levels = new HashMap<>();
            for (Instance instance : instances) {
                for (String level : instance.supplierLevels()) {
                    levels.computeIfAbsent(level, l -> new ArrayList<>()).add(instance);
                }
            }
            levels.replaceAll((level, list) -> List.copyOf(list));
            byPortAndLevel.put(port, levels);
        });
        return byPortAndLevel;
    }

    public static CatalogSnapshot empty() {
        return new CatalogSnapshot(List.of(), List.of(), Map.of(), UnionWsdl.UNCHANGED);
    }

    /** A snapshot of these ports and instances; instances keep the given (registration) order. */
    public static CatalogSnapshot of(Collection<VirtualPort> ports, Collection<Instance> instances) {
        return new CatalogSnapshot(ports, instances, Map.of(), UnionWsdl.UNCHANGED);
    }

    /**
     * As {@link #of(Collection, Collection)}, with the port types placed into each port ({@code placedTypes},
     * by port name); a port joined by placed port types' operations shows them in the WSDL {@code unionWsdl} builds.
     */
    static CatalogSnapshot of(Collection<VirtualPort> ports, Collection<Instance> instances,
            Map<String, List<PlacedPortType>> placedTypes, UnionWsdl unionWsdl) {
        return new CatalogSnapshot(ports, instances, placedTypes, unionWsdl);
    }

    public Collection<VirtualPort> ports() {
        return portsByName.values();
    }

    /** The ids of every instance, as an unmodifiable view. */
    public Set<String> instanceIds() {
        return Collections.unmodifiableSet(instancesById.keySet());
    }

    public Collection<Instance> instances() {
        return instancesById.values();
    }

    public Optional<VirtualPort> port(String name) {
        return Optional.ofNullable(portsByName.get(name));
    }

    public Optional<VirtualPort> portFor(QName portType) {
        return Optional.ofNullable(portsByType.get(portType));
    }

    public Optional<Instance> instance(String id) {
        return Optional.ofNullable(instancesById.get(id));
    }

    /** Every instance of a port, in registration order. */
    public List<Instance> instancesOf(String portName) {
        return instancesByPort.getOrDefault(portName, List.of());
    }

    /** The instances of a port that may be selected, in registration order. */
    public List<Instance> operationalInstancesOf(String portName) {
        return operationalByPort.getOrDefault(portName, List.of());
    }

    /**
     * The instances of a port that may be selected and belong to one of {@code supplierLevels}
     * (null: any level), in registration order; for a single level, without scanning the port.
     */
    public List<Instance> operationalInstancesOf(String portName, Set<String> supplierLevels) {
        if (supplierLevels == null) {
            return operationalInstancesOf(portName);
        }
        if (supplierLevels.size() == 1) {
            return operationalByPortAndLevel.getOrDefault(portName, Map.of())
                    .getOrDefault(supplierLevels.iterator().next(), List.of());
        }
        List<Instance> inLevels = new ArrayList<>();
        for (Instance instance : operationalInstancesOf(portName)) {
            if (instance.inAnyLevelOf(supplierLevels)) {
                inLevels.add(instance);
            }
        }
        return inLevels;
    }

    /**
     * Whether some instance of the port, whatever its state, implements the operation whose request
     * element is {@code requestElement}; true for a port each of whose instances implements all of its
     * operations (and for one without instances, which has nothing to say).
     */
    public boolean offers(String portName, QName requestElement) {
        if (!partialPorts.contains(portName)) {
            return true;
        }
        for (Instance instance : instancesOf(portName)) {
            if (implementsInPort(instance, requestElement)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code instance} implements the operation of its port whose request element is
     * {@code requestElement}: its own, or, placed from another port type, the one it shares.
     */
    public boolean implementsInPort(Instance instance, QName requestElement) {
        PlacedInstance placement = placed.get(instance.id());
        return placement == null ? instance.implementsOperation(requestElement)
                : placement.shares(requestElement) || instance.implementsOperation(requestElement);
    }

    /** How calls reach {@code instanceId} when its port type was placed into another's virtual port; else null. */
    public PlacedInstance placement(String instanceId) {
        return placed.get(instanceId);
    }

    /** The port {@code name} as it was filed, without the operations placed instances add; for the catalog's own use. */
    Optional<VirtualPort> filedPort(String name) {
        return Optional.ofNullable(filedPorts.get(name));
    }

    /**
     * As {@link #operationalInstancesOf(String, Set)}, keeping only those that implement the operation
     * whose request element is {@code requestElement} (null: any operation). Nothing is copied for a
     * port each of whose instances implements all of its operations.
     */
    public List<Instance> operationalInstancesOf(String portName, Set<String> supplierLevels, QName requestElement) {
        List<Instance> inLevels = operationalInstancesOf(portName, supplierLevels);
        if (requestElement == null || !partialPorts.contains(portName)) {
            return inLevels;
        }
        List<Instance> implementing = new ArrayList<>(inLevels.size());
        for (Instance instance : inLevels) {
            if (implementsInPort(instance, requestElement)) {
                implementing.add(instance);
            }
        }
        return implementing;
    }

    /** This snapshot with {@code instance} added, or replacing the one with its id. */
    public CatalogSnapshot withInstance(Instance instance) {
        return withInstances(List.of(instance));
    }

    /** This snapshot with {@code changed} added, each replacing the one with its id: one new snapshot for them all. */
    CatalogSnapshot withInstances(Collection<Instance> changed) {
        Map<String, Instance> instances = new LinkedHashMap<>(instancesById);
        changed.forEach(instance -> instances.put(instance.id(), instance));
        return new CatalogSnapshot(filedPorts.values(), instances.values(), placedTypes, unionWsdl);
    }

    public CatalogSnapshot withoutInstance(String id) {
        Map<String, Instance> instances = new LinkedHashMap<>(instancesById);
        instances.remove(id);
        return new CatalogSnapshot(filedPorts.values(), instances.values(), placedTypes, unionWsdl);
    }

    public CatalogSnapshot withPort(VirtualPort port) {
        Map<String, VirtualPort> ports = new LinkedHashMap<>(filedPorts);
        ports.put(port.name(), port);
        return new CatalogSnapshot(ports.values(), instancesById.values(), placedTypes, unionWsdl);
    }

    /** This snapshot without the virtual port {@code name}, which must have no instance left. */
    public CatalogSnapshot withoutPort(String name) {
        Map<String, VirtualPort> ports = new LinkedHashMap<>(filedPorts);
        ports.remove(name);
        return new CatalogSnapshot(ports.values(), instancesById.values(), placedTypes, unionWsdl);
    }

    /** The port types placed into the port {@code name}, as their latest instances were filed. */
    List<PlacedPortType> placedTypesOf(String name) {
        return placedTypes.getOrDefault(name, List.of());
    }

    /** This snapshot with {@code type} placed into the port {@code name}, replacing what it kept of that port type. */
    CatalogSnapshot withPlacedType(String name, PlacedPortType type) {
        return replacingPlacedType(name, type.portType(), type);
    }

    /** This snapshot without what the port {@code name} keeps of the placed port type {@code portType}. */
    CatalogSnapshot withoutPlacedType(String name, QName portType) {
        return replacingPlacedType(name, portType, null);
    }

    private CatalogSnapshot replacingPlacedType(String name, QName portType, PlacedPortType replacement) {
        List<PlacedPortType> kept = new ArrayList<>(placedTypesOf(name));
        kept.removeIf(t -> t.portType().equals(portType));
        if (replacement != null) {
            kept.add(replacement);
        }
        Map<String, List<PlacedPortType>> types = new HashMap<>(placedTypes);
        types.put(name, kept);
        return new CatalogSnapshot(filedPorts.values(), instancesById.values(), types, unionWsdl);
    }
}
