package org.servicedomain.samples.blast;

import jakarta.xml.ws.WebFault;

/**
 * The business fault a BLAST provider answers for a database it does not hold; its faultstring is
 * "database X not held by provider NAME" and its detail a {@code databaseNotHeld} element.
 */
@WebFault(name = "databaseNotHeld", targetNamespace = BlastPortType.NAMESPACE)
public class DatabaseNotHeldFault extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient DatabaseNotHeld faultInfo;

    public DatabaseNotHeldFault(String message, DatabaseNotHeld faultInfo) {
        super(message);
        this.faultInfo = faultInfo;
    }

    public DatabaseNotHeldFault(String message, DatabaseNotHeld faultInfo, Throwable cause) {
        super(message, cause);
        this.faultInfo = faultInfo;
    }

    public DatabaseNotHeld getFaultInfo() {
        return faultInfo;
    }
}
