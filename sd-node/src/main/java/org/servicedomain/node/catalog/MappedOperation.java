package org.servicedomain.node.catalog;

import java.util.Set;

/**
 * An operation a virtual port's WSDL shows on top of its providers': {@code name} takes the
 * request of {@code operation} without the {@code fixedArguments}, which the node fills in.
 */
public record MappedOperation(String name, String operation, Set<String> fixedArguments) {

    public MappedOperation {
        fixedArguments = Set.copyOf(fixedArguments);
    }
}
