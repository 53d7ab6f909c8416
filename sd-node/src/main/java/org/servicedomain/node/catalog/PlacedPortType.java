package org.servicedomain.node.catalog;

import java.util.Map;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.Instance;

/**
 * What a virtual port keeps of a port type the policy places into it: the contract its latest
 * instance was filed with. It keeps the placed port type's own operations in the port's union
 * (answering {@code OperationNotOffered} while no instance implements them) until the placement
 * leaves the policy.
 *
 * @param wsdlDigest the cached WSDL that declares the operations
 * @param operations request element to operation name, as the placed port type's binding declares them
 * @param soapActions operation name to SOAPAction (absent: none declared)
 */
public record PlacedPortType(QName portType, String wsdlDigest, Map<QName, String> operations,
        Map<String, String> soapActions) {

    public PlacedPortType {
        operations = Map.copyOf(operations);
        soapActions = Map.copyOf(soapActions);
    }

    /** The contract {@code instance} was filed with; an instance that recorded no operations offers none on top. */
    static PlacedPortType of(Instance instance) {
        return new PlacedPortType(instance.portType(), instance.wsdlDigest(),
                instance.operations() == null ? Map.of() : instance.operations(), instance.soapActions());
    }
}
