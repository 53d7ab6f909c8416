package org.servicedomain.node.catalog;

import io.netty.channel.ConnectTimeoutException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Locale;
import javax.net.ssl.SSLException;
import org.servicedomain.node.network.DeniedNetworkException;

/**
 * Why a WSDL could not be fetched, in an operator's words: the host, the port and what to check,
 * never the URL's credentials nor the exception's stack.
 */
final class FetchCauses {

    private FetchCauses() {
    }

    /** The cause of a fetch that failed with {@code e}. */
    static String of(URI uri, IOException e, Duration timeout) {
        String host = uri.getHost() == null ? "(no host)" : uri.getHost();
        String hostAndPort = host + ":" + port(uri);
        if (e instanceof DeniedNetworkException denied) {
            return denied.reason();
        }
        if (e instanceof UnknownHostException) {
            return "host " + host + " is unknown: the name does not resolve";
        }
        if (e instanceof ConnectTimeoutException) {
            return "the connection to " + hostAndPort + " timed out after " + seconds(timeout);
        }
        if (e instanceof ConnectException) {
            return "the connection to " + hostAndPort + " was refused: nothing listens there; is the provider running?";
        }
        if (e instanceof NoRouteToHostException) {
            return "there is no route to " + hostAndPort;
        }
        if (e instanceof InterruptedIOException) {
            return hostAndPort + " accepted the connection but sent no answer within " + seconds(timeout);
        }
        if (e instanceof SSLException) {
            return "the TLS handshake with " + hostAndPort + " failed: is the certificate trusted and is it https at all?";
        }
        return "fetching it from " + hostAndPort + " failed (" + e.getClass().getSimpleName() + ")";
    }

    /** The cause of an answer other than 200, with the likeliest mistake for the usual ones. */
    static String status(URI uri, int code) {
        boolean asksWsdl = uri.getRawQuery() != null && uri.getRawQuery().toLowerCase(Locale.ROOT).contains("wsdl");
        String hint = asksWsdl ? "" : "; does the URL end in ?wsdl";
        if (code >= 300 && code < 400) {
            return "the provider answered HTTP " + code + " (a redirect, which the node does not follow); register the"
                    + " location it redirects to" + hint;
        }
        if (code == 404) {
            return "the provider answered HTTP 404 (no such page); check the path" + hint;
        }
        return "the provider answered HTTP " + code + " instead of the WSDL" + hint;
    }

    private static int port(URI uri) {
        if (uri.getPort() > 0) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    private static String seconds(Duration timeout) {
        return timeout.toMillis() % 1000 == 0 ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms";
    }
}
