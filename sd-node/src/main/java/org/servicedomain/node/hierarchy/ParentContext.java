package org.servicedomain.node.hierarchy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.RequestContext;

/**
 * The request context a parent node hands down to a child with each request, so that the child
 * neither asks the caller to log in again nor parses the payload again: the caller's user, user
 * level and designated providers, a key standing for the session (never the session id itself),
 * and the message values the parent's content rules read.
 *
 * @param sessionKey a digest of the parent's session id, so transaction history works below; null when anonymous
 */
public record ParentContext(String user, String userLevel, String sessionKey, List<String> designated,
        Map<String, String> values) {

    /** The prefix of the session ids a child gives callers that came through its parent. */
    public static final String SESSION_PREFIX = "parent:";

    public ParentContext {
        designated = List.copyOf(designated);
        values = Map.copyOf(new TreeMap<>(values));
    }

    /** The context of {@code request} as this node forwards it to a child. */
    public static ParentContext of(RequestContext request) {
        Caller caller = request.caller();
        String key = caller.isAnonymous() ? null : digest(caller.sessionId());
        return new ParentContext(caller.user(), caller.userLevel(), key, caller.designated(), request.contentValues());
    }

    /** The caller the child serves: the parent's user with its level, or anonymous. */
    public Caller caller() {
        if (sessionKey == null) {
            return Caller.ANONYMOUS;
        }
        return new Caller(SESSION_PREFIX + sessionKey, user, userLevel, designated);
    }

    private static String digest(String sessionId) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(sessionId.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }
}
