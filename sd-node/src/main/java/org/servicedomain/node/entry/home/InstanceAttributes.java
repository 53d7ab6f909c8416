package org.servicedomain.node.entry.home;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.servicedomain.home.v1.Attribute;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.engine.admission.InstanceCapacity;

/** How the home port reads the attributes of {@code register} and {@code setServiceInfo}: named, and a capacity checked. */
final class InstanceAttributes {

    private InstanceAttributes() {
    }

    /** The attributes a registration files; one without a value is left out. */
    static Map<String, String> filed(List<Attribute> attributes) {
        Map<String, String> map = new LinkedHashMap<>();
        for (Attribute a : attributes) {
            String name = HomeArguments.required(a.getName(), "attribute name");
            if (a.getValue() != null && !a.getValue().isEmpty()) {
                map.put(name, checkedCapacity(name, a.getValue()));
            }
        }
        return map;
    }

    /** Attribute changes as given, where an empty value asks for the attribute's removal. */
    static Map<String, String> changes(List<Attribute> attributes) {
        Map<String, String> map = new LinkedHashMap<>();
        for (Attribute a : attributes) {
            String name = HomeArguments.required(a.getName(), "attribute name");
            String value = a.getValue() == null ? "" : a.getValue();
            map.put(name, value.isEmpty() ? value : checkedCapacity(name, value));
        }
        return map;
    }

    /** The value of an attribute, refused when it is a capacity that is not a positive number. */
    private static String checkedCapacity(String name, String value) {
        if (InstanceCapacity.ATTRIBUTE.equals(name) && InstanceCapacity.set(Map.of(name, value)) == null) {
            throw new NodeFault(FaultCode.BadRequest, "attribute " + name + " must be a positive number of requests per second but was '"
                    + value + "'");
        }
        return value;
    }
}
