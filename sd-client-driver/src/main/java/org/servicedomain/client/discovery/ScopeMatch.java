package org.servicedomain.client.discovery;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;

/**
 * Whether a target heard in a Hello is in the scopes a client looks for, by the RFC 3986 rule of
 * WS-Discovery 1.1: scheme and authority equal ignoring case, and the client's path segments a
 * prefix of the target's. Every scope looked for must match one of the target's.
 */
final class ScopeMatch {

    private ScopeMatch() {
    }

    static boolean all(List<String> wanted, List<String> offered) {
        return wanted.stream().allMatch(w -> offered.stream().anyMatch(o -> matches(w, o)));
    }

    static boolean matches(String wanted, String offered) {
        URI w;
        URI o;
        try {
            w = new URI(wanted);
            o = new URI(offered);
        } catch (URISyntaxException e) {
            return wanted.equals(offered);
        }
        if (w.isOpaque() || o.isOpaque()) {
            return wanted.equals(offered);
        }
        if (!lower(w.getScheme()).equals(lower(o.getScheme())) || !lower(w.getRawAuthority()).equals(lower(o.getRawAuthority()))) {
            return false;
        }
        String[] ws = segments(w.getRawPath());
        String[] os = segments(o.getRawPath());
        if (ws.length > os.length) {
            return false;
        }
        for (int i = 0; i < ws.length; i++) {
            if (!ws[i].equals(os[i])) {
                return false;
            }
        }
        return true;
    }

    private static String lower(String s) {
        return s == null ? "" : s.toLowerCase(Locale.ROOT);
    }

    private static String[] segments(String path) {
        if (path == null || path.isEmpty() || path.equals("/")) {
            return new String[0];
        }
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        if (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed.split("/", -1);
    }
}
