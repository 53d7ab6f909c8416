package org.servicedomain.node.policy;

import org.glassfish.jaxb.core.Locatable;
import org.xml.sax.Locator;

/** Semantic errors (and warnings) of a policy, located at the element that caused them. */
final class PolicyErrors {

    private PolicyErrors() {
    }

    /** Where {@code element} is in the document, "line L, column C", for warnings. */
    static String location(Object element) {
        Locator where = element instanceof Locatable l ? l.sourceLocation() : null;
        return where == null ? "line 1, column 1"
                : "line " + Math.max(1, where.getLineNumber()) + ", column " + Math.max(1, where.getColumnNumber());
    }

    static InvalidPolicyException at(Object element, String reason) {
        Locator where = element instanceof Locatable l ? l.sourceLocation() : null;
        if (where == null) {
            return new InvalidPolicyException(1, 1, reason);
        }
        return new InvalidPolicyException(Math.max(1, where.getLineNumber()), Math.max(1, where.getColumnNumber()), reason);
    }
}
