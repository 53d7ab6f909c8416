package org.servicedomain.node.catalog;

import java.util.Map;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.SoapVersion;

/**
 * What the node needs of one SOAP binding of a port type in a provider's WSDL: the SOAP version,
 * the default endpoint, and which request element names which operation.
 *
 * @param endpointAddress the soap:address of a service port using this binding, or null if none
 * @param serviceName the service holding that port, or null
 * @param portName that port's name, or null
 * @param operationsByElement request element (document style) or wrapper (rpc style) to operation name
 * @param soapActions operation name to the SOAPAction its binding declares
 */
public record PortTypeBinding(
        QName portType,
        QName binding,
        SoapVersion soapVersion,
        String endpointAddress,
        QName serviceName,
        String portName,
        Map<QName, String> operationsByElement,
        Map<String, String> soapActions) {

    public PortTypeBinding {
        operationsByElement = Map.copyOf(operationsByElement);
        soapActions = Map.copyOf(soapActions);
    }
}
