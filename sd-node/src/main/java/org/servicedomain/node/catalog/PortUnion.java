package org.servicedomain.node.catalog;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.core.WsdlTemplate;

/**
 * The ports as clients see them: a port that placed port types offer operations of their own to
 * has them added (the union of the operations), with a WSDL that shows them. An operation comes from
 * a placed instance that implements it, or, with none left, from the port type the policy still
 * places into the port, so that its calls get a clear {@code OperationNotOffered}.
 */
final class PortUnion {

    private PortUnion() {
    }

    static Map<String, VirtualPort> joined(Map<String, VirtualPort> filed, Map<String, List<Instance>> byPort,
            Map<String, PlacedInstance> placed, Map<String, List<PlacedPortType>> placedTypes, UnionWsdl unionWsdl) {
        Map<String, VirtualPort> joined = new LinkedHashMap<>(filed);
        filed.forEach((name, port) -> {
            List<PlacedPortType> offering = new ArrayList<>();
            for (Instance instance : byPort.get(name)) {
                if (placed.containsKey(instance.id()) && instance.operations() != null) {
                    offering.add(PlacedPortType.of(instance));
                }
            }
            offering.addAll(placedTypes.getOrDefault(name, List.of()));
            Map<QName, String> extra = new LinkedHashMap<>();
            Map<String, String> actions = new HashMap<>();
            List<PlacedPortType> contributing = new ArrayList<>();
            for (PlacedPortType type : offering) {
                if (addOwnOperations(port, type, extra, actions)) {
                    contributing.add(type);
                }
            }
            if (!extra.isEmpty()) {
                // built on first ask, outside the change lock under which snapshots are made
                joined.put(name, port.joinedBy(extra, actions,
                        WsdlTemplate.builtOnFirstUse(() -> unionWsdl.template(port, contributing, extra))));
            }
        });
        return joined;
    }

    /** Adds the operations {@code type} has that neither the port nor {@code extra} has by name; whether it added any. */
    private static boolean addOwnOperations(VirtualPort port, PlacedPortType type, Map<QName, String> extra,
            Map<String, String> actions) {
        Map<QName, QName> shared = PlacedInstance.between(port, type.operations(), type.soapActions()).elements();
        boolean added = false;
        for (Map.Entry<QName, String> operation : type.operations().entrySet()) {
            if (!shared.containsValue(operation.getKey())
                    && !port.operationsByElement().containsValue(operation.getValue())
                    && !extra.containsValue(operation.getValue())) {
                extra.put(operation.getKey(), operation.getValue());
                String action = type.soapActions().get(operation.getValue());
                if (action != null) {
                    actions.put(operation.getValue(), action);
                }
                added = true;
            }
        }
        return added;
    }
}
