package org.servicedomain.node.catalog;

/** Refuses, with a NodeFault, an endpoint address the node must not dispatch to. */
@FunctionalInterface
public interface EndpointCheck {

    EndpointCheck ANY = endpoint -> { };

    void check(String endpointAddress);
}
