package org.servicedomain.node.entry.home;

import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/** How the home port reads the text fields of its requests: trimmed, and refused when required but blank. */
final class HomeArguments {

    private HomeArguments() {
    }

    static String required(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new NodeFault(FaultCode.BadRequest, what + " is required");
        }
        return value.trim();
    }

    static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
