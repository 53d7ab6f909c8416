package org.servicedomain.node.core;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import javax.xml.namespace.QName;

/**
 * One registered provider endpoint of one port type, as filed in the catalog. Immutable: a change
 * makes a new instance that replaces this one in the next catalog snapshot.
 *
 * @param timeoutMs this instance's own dispatch timeout, or null to use the policy's
 * @param supplierLevels the supplier service levels the instance belongs to (any number: the model's
 *     BLAST example files one database server under two levels); empty when it belongs to none
 * @param wsdlDigest the key of the cached copy of the WSDL the instance was registered from
 * @param stateData what the instance (or an administrator) recorded about it through {@code setServiceInfo}, or null
 * @param operations the operations the instance implements, by request element (document style) or wrapper
 *     (rpc style), as its WSDL's binding declares them; null when not recorded (catalogs written before
 *     instances recorded them), which counts as implementing every operation of its virtual port
 * @param soapActions operation name to the SOAPAction the instance's binding declares; recorded for an
 *     instance of a port type placed into another's virtual port (whose calls carry the port's actions),
 *     empty otherwise
 */
public record Instance(
        String id,
        String virtualPort,
        QName portType,
        String endpointAddress,
        String wsdlLocation,
        String wsdlDigest,
        Set<String> supplierLevels,
        Long timeoutMs,
        Map<String, String> attributes,
        InstanceState state,
        String stateData,
        Map<QName, String> operations,
        Map<String, String> soapActions) {

    public Instance {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(virtualPort, "virtualPort");
        Objects.requireNonNull(portType, "portType");
        Objects.requireNonNull(endpointAddress, "endpointAddress");
        Objects.requireNonNull(state, "state");
        attributes = Map.copyOf(attributes);
        supplierLevels = supplierLevels == null ? Set.of() : Set.copyOf(supplierLevels);
        operations = operations == null ? null : Map.copyOf(operations);
        soapActions = soapActions == null ? Map.of() : Map.copyOf(soapActions);
    }

    /** An instance whose operations are recorded, without SOAPActions of its own. */
    public Instance(String id, String virtualPort, QName portType, String endpointAddress, String wsdlLocation,
            String wsdlDigest, Set<String> supplierLevels, Long timeoutMs, Map<String, String> attributes, InstanceState state,
            String stateData, Map<QName, String> operations) {
        this(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest, supplierLevels, timeoutMs, attributes,
                state, stateData, operations, null);
    }

    /** An instance whose operations are not recorded: it counts as implementing all of its port's. */
    public Instance(String id, String virtualPort, QName portType, String endpointAddress, String wsdlLocation,
            String wsdlDigest, Set<String> supplierLevels, Long timeoutMs, Map<String, String> attributes, InstanceState state,
            String stateData) {
        this(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest, supplierLevels, timeoutMs, attributes,
                state, stateData, null);
    }

    /** An instance without state data. */
    public Instance(String id, String virtualPort, QName portType, String endpointAddress, String wsdlLocation,
            String wsdlDigest, Set<String> supplierLevels, Long timeoutMs, Map<String, String> attributes, InstanceState state) {
        this(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest, supplierLevels, timeoutMs, attributes,
                state, null, null);
    }

    /**
     * Whether the instance implements the operation whose request element (or rpc wrapper) is
     * {@code requestElement}; one whose operations are not recorded implements every one.
     */
    public boolean implementsOperation(QName requestElement) {
        return operations == null || operations.containsKey(requestElement);
    }

    public boolean isOperational() {
        return state == InstanceState.OPERATIONAL;
    }

    /** Whether the instance belongs to at least one of {@code levels}. */
    public boolean inAnyLevelOf(Set<String> levels) {
        for (String level : supplierLevels) {
            if (levels.contains(level)) {
                return true;
            }
        }
        return false;
    }

    /** The supplier levels in name order, for display and storage. */
    public List<String> sortedSupplierLevels() {
        return supplierLevels.stream().sorted().toList();
    }

    /**
     * The level names in {@code given}, each of which may hold several separated by white space (level
     * names have none), so a form field or a repeated element give the same set; blanks are dropped.
     */
    public static Set<String> levelsOf(Collection<String> given) {
        if (given == null) {
            return Set.of();
        }
        LinkedHashSet<String> levels = new LinkedHashSet<>();
        for (String value : given) {
            if (value != null) {
                for (String level : value.trim().split("\\s+")) {
                    if (!level.isEmpty()) {
                        levels.add(level);
                    }
                }
            }
        }
        return Set.copyOf(levels);
    }

    /** The attributes in name order, for display. */
    public Map<String, String> sortedAttributes() {
        return new TreeMap<>(attributes);
    }

    public Instance withState(InstanceState newState) {
        return new Instance(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest,
                supplierLevels, timeoutMs, attributes, newState, stateData, operations, soapActions);
    }

    public Instance withTimeoutMs(Long newTimeoutMs) {
        return new Instance(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest,
                supplierLevels, newTimeoutMs, attributes, state, stateData, operations, soapActions);
    }

    public Instance withAttributes(Map<String, String> newAttributes) {
        return new Instance(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest,
                supplierLevels, timeoutMs, newAttributes, state, stateData, operations, soapActions);
    }

    public Instance withSupplierLevels(Set<String> newSupplierLevels) {
        return new Instance(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest,
                newSupplierLevels, timeoutMs, attributes, state, stateData, operations, soapActions);
    }

    /**
     * This instance as filed in virtual port {@code newVirtualPort}, where a placement moved it; what
     * it did not record of its operations and SOAPActions is taken from the port it leaves.
     */
    public Instance movedTo(String newVirtualPort, Map<QName, String> ownOperations, Map<String, String> ownActions) {
        return new Instance(id, newVirtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest,
                supplierLevels, timeoutMs, attributes, state, stateData, operations == null ? ownOperations : operations,
                soapActions.isEmpty() ? ownActions : soapActions);
    }

    /** This instance with {@code newStateData} (null or empty: none). */
    public Instance withStateData(String newStateData) {
        return new Instance(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest,
                supplierLevels, timeoutMs, attributes, state, newStateData == null || newStateData.isEmpty() ? null : newStateData, operations, soapActions);
    }
}
