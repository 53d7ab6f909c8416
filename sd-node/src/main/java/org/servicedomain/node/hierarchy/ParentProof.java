package org.servicedomain.node.hierarchy;

import java.net.URI;
import java.time.Instant;
import org.servicedomain.node.proof.TimedSignature;

/**
 * Proves to a node that a call comes from its parent (or a peer that shares its secret), so a child
 * whose home port enforces roles still answers the discovery poll and a node answers {@code /sd/load}:
 * the HTTP header {@value #HEADER} holds a {@link TimedSignature} token, under the shared secret, of the
 * method, the path and the authority the call was dialled at. It starts with digits; an
 * {@link AdminProof} starts with {@code admin:}.
 */
public final class ParentProof {

    public static final String HEADER = "X-SD-Parent-Proof";
    static final String PURPOSE = "poll";

    private ParentProof() {
    }

    /** The header value for a {@code method} call to {@code uri}, made now. */
    public static String of(String secret, String method, URI uri) {
        return of(secret, method, uri, Instant.now());
    }

    /** The header value for a {@code method} call to {@code uri}, made at {@code at}. */
    public static String of(String secret, String method, URI uri, Instant at) {
        return TimedSignature.of(secret).sign(claim(method, uri.getRawPath(), authority(uri.getScheme(), uri.getHost(), uri.getPort())),
                at);
    }

    /** The authority a call is dialled at, as a proof signs it: the host in lower case and the port, the scheme's default written out. */
    public static String authority(String scheme, String host, int port) {
        int explicit = port >= 0 ? port : "https".equalsIgnoreCase(scheme) ? 443 : 80;
        return (host == null ? "" : host.toLowerCase(java.util.Locale.ROOT)) + ":" + explicit;
    }

    /** What a poll proof signs: the call's method, path and the authority it was dialled at. */
    static TimedSignature.Claim claim(String method, String path, String authority) {
        return TimedSignature.Claim.of(PURPOSE, method, path == null ? "" : path, authority == null ? "" : authority);
    }
}
