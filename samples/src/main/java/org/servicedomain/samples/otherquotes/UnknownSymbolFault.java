package org.servicedomain.samples.otherquotes;

import jakarta.xml.ws.WebFault;

/** The business fault for a symbol the provider does not list; its detail is an {@code unknownSymbol} element. */
@WebFault(name = "unknownSymbol", targetNamespace = OtherQuotesPortType.NAMESPACE)
public class UnknownSymbolFault extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient UnknownSymbol faultInfo;

    public UnknownSymbolFault(String message, UnknownSymbol faultInfo) {
        super(message);
        this.faultInfo = faultInfo;
    }

    public UnknownSymbolFault(String message, UnknownSymbol faultInfo, Throwable cause) {
        super(message, cause);
        this.faultInfo = faultInfo;
    }

    public UnknownSymbol getFaultInfo() {
        return faultInfo;
    }
}
