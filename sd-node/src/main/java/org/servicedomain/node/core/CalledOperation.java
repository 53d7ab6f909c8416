package org.servicedomain.node.core;

import java.util.Objects;
import javax.xml.namespace.QName;

/**
 * The providers' operation a virtual-port request calls, once operation mapping has named it (a
 * mapped operation resolved to the one it maps to), carried as a request tag so lookup offers the
 * request only to instances that implement it.
 *
 * @param name the providers' operation name
 * @param requestElement its request element (rpc style: its wrapper), as the virtual port's WSDL has it
 */
public record CalledOperation(String name, QName requestElement) {

    public CalledOperation {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(requestElement, "requestElement");
    }
}
