package org.servicedomain.client;

import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import org.apache.cxf.transport.http.HTTPException;

/**
 * Says why a node did not answer a home-port call and what to check next, in an operator's words: the
 * HTTP client's own exceptions (a {@code ClosedChannelException} for a refused connection, a bare
 * {@code 404}) name neither the address tried nor the likely mistake.
 */
final class UnreachableNode {

    private UnreachableNode() {
    }

    /** The message of a {@link NodeClientException#UNREACHABLE} for a call to {@code nodeBase} that failed with {@code failure}. */
    static String describe(URI nodeBase, Throwable failure) {
        String at = "the node at " + nodeBase;
        String hostPort = nodeBase.getHost() + ":" + (nodeBase.getPort() < 0 ? defaultPort(nodeBase) : nodeBase.getPort());
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof HTTPException http) {
                if (http.getResponseCode() == 404) {
                    return at + " has no home port (HTTP 404 for " + http.getUrl() + "): the node's address ends with its"
                            + " context path, e.g. http://" + hostPort + "/sd; check --node";
                }
                return at + " answered HTTP " + http.getResponseCode() + " instead of a home-port reply ("
                        + http.getUrl() + "): is --node the node's base address, e.g. http://" + hostPort + "/sd?";
            }
            if (t instanceof UnknownHostException) {
                return at + " did not answer: no such host " + nodeBase.getHost() + "; check --node";
            }
            if (t instanceof HttpConnectTimeoutException) {
                return at + " did not answer: no connection to " + hostPort + " within the connect timeout;"
                        + " is the host up and the port open to this machine?";
            }
            if (t instanceof ConnectException || t instanceof ClosedChannelException) {
                return at + " did not answer: nothing accepts connections at " + hostPort + " (connection refused or closed);"
                        + " is the node running, and is --node its address?";
            }
            if (t instanceof HttpTimeoutException) {
                return at + " did not answer in time (" + t.getMessage() + "); the node may be overloaded, try again";
            }
        }
        return at + " did not answer: " + rootMessage(failure);
    }

    private static int defaultPort(URI uri) {
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }
}
