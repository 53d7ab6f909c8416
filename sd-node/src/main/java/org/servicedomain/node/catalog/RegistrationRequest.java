package org.servicedomain.node.catalog;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * A provider's request to be filed: only {@code wsdlLocation} is required.
 *
 * @param endpointAddress where to dispatch, or null for the WSDL's soap:address
 * @param portType the one port type to register, or null for every port type the WSDL binds
 */
public record RegistrationRequest(
        String wsdlLocation,
        String endpointAddress,
        QName portType,
        Set<String> supplierLevels,
        Long timeoutMs,
        Map<String, String> attributes) {

    public RegistrationRequest {
        Objects.requireNonNull(wsdlLocation, "wsdlLocation");
        attributes = Map.copyOf(attributes);
        supplierLevels = supplierLevels == null ? Set.of() : Set.copyOf(supplierLevels);
    }
}
