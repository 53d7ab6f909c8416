package org.servicedomain.node.core;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import javax.xml.namespace.QName;

/**
 * One registered provider endpoint of one port type, as filed in the catalog. Immutable: a change
 * makes a new instance that replaces this one in the next catalog snapshot.
 *
 * @param timeoutMs this instance's own dispatch timeout, or null to use the policy's
 * @param supplierLevel the supplier service level the provider named, or null
 * @param wsdlDigest the key of the cached copy of the WSDL the instance was registered from
 * @param stateData what the instance (or an administrator) recorded about it through {@code setServiceInfo}, or null
 */
public record Instance(
        String id,
        String virtualPort,
        QName portType,
        String endpointAddress,
        String wsdlLocation,
        String wsdlDigest,
        String supplierLevel,
        Long timeoutMs,
        Map<String, String> attributes,
        InstanceState state,
        String stateData) {

    public Instance {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(virtualPort, "virtualPort");
        Objects.requireNonNull(portType, "portType");
        Objects.requireNonNull(endpointAddress, "endpointAddress");
        Objects.requireNonNull(state, "state");
        attributes = Map.copyOf(attributes);
    }

    /** An instance without state data. */
    public Instance(String id, String virtualPort, QName portType, String endpointAddress, String wsdlLocation,
            String wsdlDigest, String supplierLevel, Long timeoutMs, Map<String, String> attributes, InstanceState state) {
        this(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest, supplierLevel, timeoutMs, attributes,
                state, null);
    }

    public boolean isOperational() {
        return state == InstanceState.OPERATIONAL;
    }

    /** The attributes in name order, for display. */
    public Map<String, String> sortedAttributes() {
        return new TreeMap<>(attributes);
    }

    public Instance withState(InstanceState newState) {
        return new Instance(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest,
                supplierLevel, timeoutMs, attributes, newState, stateData);
    }

    public Instance withTimeoutMs(Long newTimeoutMs) {
        return new Instance(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest,
                supplierLevel, newTimeoutMs, attributes, state, stateData);
    }

    public Instance withAttributes(Map<String, String> newAttributes) {
        return new Instance(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest,
                supplierLevel, timeoutMs, newAttributes, state, stateData);
    }

    /** This instance with {@code newStateData} (null or empty: none). */
    public Instance withStateData(String newStateData) {
        return new Instance(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest,
                supplierLevel, timeoutMs, attributes, state, newStateData == null || newStateData.isEmpty() ? null : newStateData);
    }
}
