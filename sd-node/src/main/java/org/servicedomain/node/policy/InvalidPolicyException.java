package org.servicedomain.node.policy;

import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/** A policy document the node refuses, with where in the document the first problem is. */
public final class InvalidPolicyException extends NodeFault {

    private final int line;
    private final int column;

    public InvalidPolicyException(int line, int column, String reason) {
        super(FaultCode.InvalidPolicy, "invalid policy at line " + line + ", column " + column + ": " + reason);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
