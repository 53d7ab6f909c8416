package org.servicedomain.node.catalog;

import java.net.UnknownHostException;

/**
 * A WSDL location's host resolved, but only into networks the node may not reach; an unknown host
 * to the HTTP client, its own type so that an administrator's fault can name the cause.
 */
public final class DeniedNetworkException extends UnknownHostException {

    private static final long serialVersionUID = 1L;

    public DeniedNetworkException(String message) {
        super(message);
    }
}
