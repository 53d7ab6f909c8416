package org.servicedomain.node.entry.children;

import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.UnknownHostException;
import org.servicedomain.node.hierarchy.AdminProof;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.hierarchy.ParentProof;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The authority a request says it was dialled at (its Host header), which a {@link ParentProof} is
 * bound to, and whether that authority is this node: the port the request arrived on and a host that
 * is an address of this machine. So a proof made for another node cannot be used here by copying
 * that node's Host header along with it.
 */
public final class DialledAuthority {

    private static final Logger LOG = LoggerFactory.getLogger(DialledAuthority.class);

    private DialledAuthority() {
    }

    /**
     * Whether {@code request} carries a poll proof of this node's parent (or a peer with its secret)
     * made for its method, its path and this node, not used before.
     */
    public static boolean provesParent(Hierarchy hierarchy, HttpServletRequest request) {
        String proof = request.getHeader(ParentProof.HEADER);
        if (proof == null || AdminProof.isAdminProof(proof)) {
            return false;
        }
        String authority = of(request);
        if (authority == null) {
            LOG.debug("parent proof from {} refused: its Host header {} does not name the port it came in on ({})",
                    request.getRemoteAddr(), request.getHeader("Host"), request.getLocalPort());
            return false;
        }
        if (!hierarchy.isParentCall(proof, request.getMethod(), request.getRequestURI(), authority)) {
            return false;
        }
        if (!namesThisMachine(request)) {
            LOG.warn("parent proof from {} refused: it was made for {}, not an address of this machine", request.getRemoteAddr(),
                    authority);
            return false;
        }
        return true;
    }

    /** The authority of {@code request} as a proof signs it, or null when its Host names another port or no host. */
    static String of(HttpServletRequest request) {
        URI host = hostOf(request);
        if (host == null) {
            return null;
        }
        String authority = ParentProof.authority(request.getScheme(), host.getHost(), host.getPort());
        return authority.endsWith(":" + request.getLocalPort()) ? authority : null;
    }

    /**
     * Whether the host of {@code request}'s Host header is an address of this machine. It may ask
     * the resolver, so it is asked only after a proof verified (never for an anonymous caller).
     */
    static boolean namesThisMachine(HttpServletRequest request) {
        URI host = hostOf(request);
        if (host == null) {
            return false;
        }
        try {
            for (InetAddress address : InetAddress.getAllByName(host.getHost())) {
                if (address.isLoopbackAddress() || address.isAnyLocalAddress() || NetworkInterface.getByInetAddress(address) != null) {
                    return true;
                }
            }
            return false;
        } catch (UnknownHostException | SocketException e) {
            LOG.debug("could not tell whether {} is an address of this machine: {}", host.getHost(), e.toString());
            return false;
        }
    }

    private static URI hostOf(HttpServletRequest request) {
        String header = request.getHeader("Host");
        if (header == null || header.isBlank()) {
            return null;
        }
        try {
            URI uri = URI.create("http://" + header.trim() + "/");
            return uri.getHost() == null ? null : uri;
        } catch (IllegalArgumentException e) {
            LOG.debug("a Host header that names no host: {}", e.getMessage());
            return null;
        }
    }
}
