package org.servicedomain.node.catalog;

/** Where the catalog gets a provider's WSDL from at registration. */
@FunctionalInterface
public interface WsdlSource {

    /** The WSDL's bytes; a {@code WsdlUnreadable} fault when they cannot be had. */
    byte[] fetch(String location);
}
