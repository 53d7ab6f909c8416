package org.servicedomain.node.catalog;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.VirtualPort;

/**
 * How calls reach an instance whose port type was placed into another port type's virtual port,
 * compiled once per catalog snapshot: which of the port's operations it shares and under which of its
 * own request elements and SOAPActions, and the namespace maps a shared call is rewritten with, there
 * and back. An operation shares when the request elements are identical or have the same local name.
 *
 * @param elements the port's request element of each shared operation to the instance's
 * @param soapActions the port's request element of each shared operation to the instance's SOAPAction (absent: none declared)
 * @param toInstance namespace of the port's messages to the instance's
 * @param toPort the reverse of {@code toInstance}
 */
public record PlacedInstance(Map<QName, QName> elements, Map<QName, String> soapActions,
        Map<String, String> toInstance, Map<String, String> toPort) {

    public PlacedInstance {
        elements = Map.copyOf(elements);
        soapActions = Map.copyOf(soapActions);
        toInstance = Map.copyOf(toInstance);
        toPort = Map.copyOf(toPort);
    }

    /** What {@code instance} shares with {@code port}; empty maps when it shares nothing. */
    public static PlacedInstance of(VirtualPort port, Instance instance) {
        return between(port, instance.operations() == null ? Map.of() : instance.operations(), instance.soapActions());
    }

    /**
     * What an instance implementing {@code own} (request element to operation name), with {@code ownActions}
     * (operation name to SOAPAction), shares with {@code port}; empty maps when it shares nothing.
     */
    public static PlacedInstance between(VirtualPort port, Map<QName, String> own, Map<String, String> ownActions) {
        Map<String, QName> ownByLocalName = new HashMap<>();
        own.keySet().forEach(element -> ownByLocalName.putIfAbsent(element.getLocalPart(), element));
        Map<QName, QName> elements = new LinkedHashMap<>();
        Map<QName, String> actions = new HashMap<>();
        Map<String, String> toInstance = new LinkedHashMap<>();
        Map<String, String> toPort = new LinkedHashMap<>();
        for (QName portElement : port.operationsByElement().keySet()) {
            QName instanceElement = own.containsKey(portElement) ? portElement : ownByLocalName.get(portElement.getLocalPart());
            if (instanceElement == null || !consistent(toInstance, toPort, portElement, instanceElement)) {
                continue;
            }
            elements.put(portElement, instanceElement);
            String action = ownActions.get(own.get(instanceElement));
            if (action != null) {
                actions.put(portElement, action);
            }
            if (!portElement.getNamespaceURI().equals(instanceElement.getNamespaceURI())) {
                toInstance.put(portElement.getNamespaceURI(), instanceElement.getNamespaceURI());
                toPort.put(instanceElement.getNamespaceURI(), portElement.getNamespaceURI());
            }
        }
        return new PlacedInstance(elements, actions, toInstance, toPort);
    }

    /** Whether mapping these elements' namespaces agrees with what the maps hold already (one namespace maps one way). */
    private static boolean consistent(Map<String, String> toInstance, Map<String, String> toPort, QName portElement,
            QName instanceElement) {
        String from = portElement.getNamespaceURI();
        String to = instanceElement.getNamespaceURI();
        if (from.equals(to)) {
            return !toInstance.containsKey(from);
        }
        String mapped = toInstance.get(from);
        String back = toPort.get(to);
        return (mapped == null || mapped.equals(to)) && (back == null || back.equals(from));
    }

    /** Whether the instance shares the operation whose request element, in the port's namespaces, is {@code portElement}. */
    public boolean shares(QName portElement) {
        return elements.containsKey(portElement);
    }

    /** Whether calls of {@code portElement} must be rewritten into the instance's namespaces (and its answers back). */
    public boolean rewrites(QName portElement) {
        QName own = elements.get(portElement);
        return own != null && !own.getNamespaceURI().equals(portElement.getNamespaceURI());
    }
}
