package org.servicedomain.node.core;

import java.util.Locale;


/** Why a dispatch gave no reply the client wanted: the four kinds of no usable answer, and the provider's own SOAP fault. */
public enum FailureKind {
    CONNECTION,
    TIMEOUT,
    HTTP_ERROR,
    PROTOCOL,
    SOAP_FAULT;

    /** The word in metrics labels and documents: {@code connection}, {@code timeout}, {@code http_error}, ... */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static FailureKind of(DispatchException.Kind kind) {
        return switch (kind) {
            case CONNECTION -> CONNECTION;
            case TIMEOUT -> TIMEOUT;
            case HTTP_ERROR -> HTTP_ERROR;
            case PROTOCOL -> PROTOCOL;
        };
    }
}
