package org.servicedomain.node.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.SoapVersion;
import org.w3c.dom.Document;

/**
 * A provider's WSDL 1.1 document as the node understands it: the parsed DOM and the SOAP bindings
 * of each port type it describes.
 */
public final class ServiceDescription {

    private final Document document;
    private final List<PortTypeBinding> bindings;

    ServiceDescription(Document document, List<PortTypeBinding> bindings) {
        this.document = document;
        this.bindings = List.copyOf(bindings);
    }

    /** The DOM of the WSDL; callers clone it before changing anything. */
    Document document() {
        return document;
    }

    public List<PortTypeBinding> bindings() {
        return bindings;
    }

    /** Every port type that has at least one SOAP binding, in document order. */
    public List<QName> boundPortTypes() {
        List<QName> portTypes = new ArrayList<>();
        for (PortTypeBinding b : bindings) {
            if (!portTypes.contains(b.portType())) {
                portTypes.add(b.portType());
            }
        }
        return portTypes;
    }

    /**
     * The binding of {@code portType} to use: one in {@code preferred} SOAP version if there is
     * one, else one with an endpoint address, else the first. With no preference, an endpoint
     * address matters most, then SOAP 1.1.
     */
    public Optional<PortTypeBinding> bindingFor(QName portType, SoapVersion preferred) {
        PortTypeBinding best = null;
        for (PortTypeBinding b : bindings) {
            if (!b.portType().equals(portType)) {
                continue;
            }
            if (best == null || rank(b, preferred) > rank(best, preferred)) {
                best = b;
            }
        }
        return Optional.ofNullable(best);
    }

    private static int rank(PortTypeBinding b, SoapVersion preferred) {
        if (preferred == null) {
            return (b.endpointAddress() != null ? 2 : 0) + (b.soapVersion() == SoapVersion.SOAP_11 ? 1 : 0);
        }
        return (b.soapVersion() == preferred ? 2 : 0) + (b.endpointAddress() != null ? 1 : 0);
    }
}
