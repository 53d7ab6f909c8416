package org.servicedomain.node.policy;

import org.glassfish.jaxb.core.Locatable;
import org.xml.sax.Locator;

/** Semantic errors of a policy, located at the element that caused them. */
final class PolicyErrors {

    private PolicyErrors() {
    }

    static InvalidPolicyException at(Object element, String reason) {
        Locator where = element instanceof Locatable l ? l.sourceLocation() : null;
        if (where == null) {
            return new InvalidPolicyException(1, 1, reason);
        }
        return new InvalidPolicyException(Math.max(1, where.getLineNumber()), Math.max(1, where.getColumnNumber()), reason);
    }
}
