package org.servicedomain.node.core;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.xml.namespace.QName;

/**
 * The one SOAP port through which clients reach every instance of a port type. Its WSDL and its
 * table of operations are built once, when its first instance registers (or the node restarts); the
 * WSDL of a port that placed port types join is built when it is first asked for.
 *
 * @param wsdlDigest the cached WSDL the port's contract was taken from
 * @param binding the binding of that WSDL the port publishes
 * @param template the published WSDL, with {@link #ADDRESS_PLACEHOLDER} for the address
 * @param soapActions operation name to the SOAPAction the binding declares
 * @param requestShapes operation name to the child elements of its request, in schema order
 *     (document style, plain sequences only)
 */
public record VirtualPort(
        String name,
        QName portType,
        SoapVersion soapVersion,
        String wsdlDigest,
        QName binding,
        WsdlTemplate template,
        Map<QName, String> operationsByElement,
        Map<String, String> soapActions,
        Map<String, List<QName>> requestShapes) {

    /** Where the node's own address goes in {@link #wsdlTemplate()}; replaced per request. */
    public static final String ADDRESS_PLACEHOLDER = "http://sd-node.invalid/virtual-port-address";

    public VirtualPort {
        Objects.requireNonNull(template, "template");
        operationsByElement = Map.copyOf(operationsByElement);
        soapActions = Map.copyOf(soapActions);
        requestShapes = Map.copyOf(requestShapes);
    }

    /** A port whose WSDL template is known at once. */
    public VirtualPort(String name, QName portType, SoapVersion soapVersion, String wsdlDigest, QName binding,
            String wsdlTemplate, Map<QName, String> operationsByElement, Map<String, String> soapActions,
            Map<String, List<QName>> requestShapes) {
        this(name, portType, soapVersion, wsdlDigest, binding, WsdlTemplate.of(wsdlTemplate), operationsByElement,
                soapActions, requestShapes);
    }

    /** The published WSDL, with {@link #ADDRESS_PLACEHOLDER} for the address. */
    public String wsdlTemplate() {
        return template.text();
    }

    /** The request element of {@code operation}, if this port has it. */
    public Optional<QName> elementOf(String operation) {
        return operationsByElement.entrySet().stream().filter(e -> e.getValue().equals(operation))
                .map(Map.Entry::getKey).findFirst();
    }

    /** The operation a request's first body element names, if this port has it. */
    public Optional<String> operationFor(QName requestElement) {
        return Optional.ofNullable(operationsByElement.get(requestElement));
    }

    /**
     * This port with the operations {@code extra} (request element to name) and their SOAPActions
     * added, as instances of a placed port type offer them; {@code unionWsdlTemplate} is the WSDL that shows them.
     */
    public VirtualPort joinedBy(Map<QName, String> extra, Map<String, String> extraActions, WsdlTemplate unionWsdlTemplate) {
        Map<QName, String> operations = new HashMap<>(extra);
        operations.putAll(operationsByElement);
        Map<String, String> actions = new HashMap<>(extraActions);
        actions.putAll(soapActions);
        return new VirtualPort(name, portType, soapVersion, wsdlDigest, binding, unionWsdlTemplate, operations, actions,
                requestShapes);
    }

    /** The published WSDL, pointing at {@code address}. */
    public String wsdl(String address) {
        return wsdlTemplate().replace(ADDRESS_PLACEHOLDER, address);
    }
}
