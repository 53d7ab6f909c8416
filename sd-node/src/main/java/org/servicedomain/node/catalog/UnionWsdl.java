package org.servicedomain.node.catalog;

import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.VirtualPort;

/** Builds the WSDL of a virtual port that placed port types add operations to. */
@FunctionalInterface
interface UnionWsdl {

    /** Shows no added operation: the port's own WSDL. */
    UnionWsdl UNCHANGED = (port, contributing, extra) -> port.wsdlTemplate();

    /**
     * The WSDL template of {@code port} with the operations {@code extra} (request element to name) added,
     * as the WSDLs of the {@code contributing} placed port types describe them.
     */
    String template(VirtualPort port, List<PlacedPortType> contributing, Map<QName, String> extra);
}
