package org.servicedomain.node.catalog;

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
        InstanceState state) {

    public Instance {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(virtualPort, "virtualPort");
        Objects.requireNonNull(portType, "portType");
        Objects.requireNonNull(endpointAddress, "endpointAddress");
        Objects.requireNonNull(state, "state");
        attributes = Map.copyOf(attributes);
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
                supplierLevel, timeoutMs, attributes, newState);
    }

    public Instance withTimeoutMs(Long newTimeoutMs) {
        return new Instance(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest,
                supplierLevel, newTimeoutMs, attributes, state);
    }

    public Instance withAttributes(Map<String, String> newAttributes) {
        return new Instance(id, virtualPort, portType, endpointAddress, wsdlLocation, wsdlDigest,
                supplierLevel, timeoutMs, newAttributes, state);
    }
}
