package org.servicedomain.node.policy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.namespace.QName;
import org.servicedomain.policy.v1.CompatiblePortType;
import org.servicedomain.policy.v1.Policy;
import org.servicedomain.policy.v1.VirtualPortRules;

/**
 * Compiles the {@code compatiblePortType} elements of the virtual ports into one table, port type to
 * the virtual port it is placed into, in the policy's order; a port type placed twice, or a name that is
 * no QName, is refused, and so is what the catalog refuses (chains of placements among them).
 */
final class PlacementCompiler {

    private PlacementCompiler() {
    }

    static Map<QName, String> placements(Policy policy, Map<String, String> namespaces, PlacementCheck check) {
        Map<QName, String> placements = new LinkedHashMap<>();
        Map<QName, CompatiblePortType> elements = new LinkedHashMap<>();
        for (VirtualPortRules port : policy.getVirtualPort()) {
            for (CompatiblePortType element : port.getCompatiblePortType()) {
                QName portType = portType(element, namespaces);
                String earlier = placements.put(portType, port.getName());
                if (earlier != null) {
                    throw PolicyErrors.at(element, "port type " + portType + " is placed into virtual port " + earlier
                            + " already; a port type joins one virtual port");
                }
                elements.put(portType, element);
            }
        }
        Map<QName, String> ordered = Collections.unmodifiableMap(placements);
        elements.forEach((portType, element) -> {
            try {
                check.check(portType, ordered.get(portType), ordered);
            } catch (IllegalArgumentException refused) {
                throw PolicyErrors.at(element, refused.getMessage());
            }
        });
        return ordered;
    }

    /** {@code {namespace}local}, or {@code prefix:local} with the prefix bound by a {@code namespace} element. */
    private static QName portType(CompatiblePortType element, Map<String, String> namespaces) {
        String name = element.getName().trim();
        if (name.startsWith("{")) {
            int close = name.indexOf('}');
            if (close > 1 && close < name.length() - 1) {
                return new QName(name.substring(1, close), name.substring(close + 1));
            }
        } else {
            int colon = name.indexOf(':');
            if (colon > 0 && colon < name.length() - 1) {
                String namespace = namespaces.get(name.substring(0, colon));
                if (namespace == null) {
                    throw PolicyErrors.at(element, "prefix '" + name.substring(0, colon) + "' of compatiblePortType '"
                            + name + "' is bound by no namespace element");
                }
                return new QName(namespace, name.substring(colon + 1));
            }
        }
        throw PolicyErrors.at(element, "compatiblePortType name '" + name
                + "' is not {namespace}localName or prefix:localName");
    }
}
