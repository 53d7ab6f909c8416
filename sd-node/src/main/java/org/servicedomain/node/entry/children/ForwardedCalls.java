package org.servicedomain.node.entry.children;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.servicedomain.node.core.LogText;
import org.servicedomain.node.hierarchy.AdminProof;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.hierarchy.ParentProof;
import org.servicedomain.node.session.User;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Calls a parent forwarded here for one of its administrators (docs/hierarchy.md, Forwarded
 * administration): the parent's admin proof in {@link ParentProof#HEADER}, the user in
 * {@value #USER_HEADER}. The home port and the forwarding path both ask this class who a call is for.
 */
public final class ForwardedCalls {

    private static final Logger LOG = LoggerFactory.getLogger(ForwardedCalls.class);

    /** The request attribute holding the SHA-256 of the body, set by the home port's {@code BufferedBodyFilter}. */
    public static final String BODY_DIGEST = ForwardedCalls.class.getName() + ".bodyDigest";
    /** The HTTP header naming, URL-encoded, the parent's administrator a forwarded call is made for. */
    static final String USER_HEADER = "X-SD-Parent-User";
    /** How the parent's administrator is named on this node: apart from this node's own users, whose names never start so. */
    public static final String PARENT_USER_PREFIX = User.PARENT_PREFIX;
    private static final String ACCEPTED = ForwardedCalls.class.getName() + ".user";

    private ForwardedCalls() {
    }

    /**
     * The parent's administrator {@code request} was forwarded for; null when it carries no admin
     * proof. A proof that does not verify for this very request, or was used before, is refused.
     */
    public static String parentAdministrator(Hierarchy hierarchy, HttpServletRequest request) {
        if (request == null) {
            return null;
        }
        if (request.getAttribute(ACCEPTED) instanceof String user) {
            return user;
        }
        String proof = request.getHeader(ParentProof.HEADER);
        if (!AdminProof.isAdminProof(proof)) {
            return null;
        }
        String user = decodeUser(request.getHeader(USER_HEADER));
        String target = target(request);
        byte[] digest = request.getAttribute(BODY_DIGEST) instanceof byte[] d ? d : null;
        hierarchy.acceptParentAdministrator(proof, target, user, digest);
        LOG.info("call to {} forwarded by the parent for its administrator {}", target, LogText.of(user));
        request.setAttribute(ACCEPTED, user);
        return user;
    }

    /** The path called below the node's base address, e.g. {@code /services/home}. */
    static String target(HttpServletRequest request) {
        return request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
    }

    static String encodeUser(String user) {
        return URLEncoder.encode(user, StandardCharsets.UTF_8);
    }

    private static String decodeUser(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        try {
            return URLDecoder.decode(header, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
