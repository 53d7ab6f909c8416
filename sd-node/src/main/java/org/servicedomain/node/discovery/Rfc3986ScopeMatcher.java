package org.servicedomain.node.discovery;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.Objects;

/**
 * The default rule: scheme and authority equal ignoring case, the probe's path segments a prefix
 * of the target's (so {@code http://x/sales} matches {@code http://x/sales/eu} but not
 * {@code http://x/salesforce}); a query or fragment in the probe must be the target's too.
 */
final class Rfc3986ScopeMatcher implements ScopeMatcher {

    static final String NAME = "rfc3986";

    @Override
    public boolean matches(String probeScope, String targetScope) {
        URI probe = uri(probeScope);
        URI target = uri(targetScope);
        if (probe == null || target == null) {
            return probeScope.equals(targetScope);
        }
        if (!equalsIgnoreCase(probe.getScheme(), target.getScheme())
                || !equalsIgnoreCase(probe.getRawAuthority(), target.getRawAuthority())) {
            return false;
        }
        if (probe.getRawQuery() != null && !probe.getRawQuery().equals(target.getRawQuery())
                || probe.getRawFragment() != null && !probe.getRawFragment().equals(target.getRawFragment())) {
            return false;
        }
        String[] probeSegments = segments(path(probe));
        String[] targetSegments = segments(path(target));
        if (probeSegments.length > targetSegments.length) {
            return false;
        }
        return Arrays.equals(probeSegments, 0, probeSegments.length, targetSegments, 0, probeSegments.length);
    }

    private static String path(URI uri) {
        return uri.isOpaque() ? uri.getRawSchemeSpecificPart() : Objects.requireNonNullElse(uri.getRawPath(), "");
    }

    private static String[] segments(String path) {
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        if (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed.isEmpty() ? new String[0] : trimmed.split("/", -1);
    }

    private static boolean equalsIgnoreCase(String a, String b) {
        return a == null ? b == null : a.equalsIgnoreCase(b);
    }

    private static URI uri(String text) {
        try {
            URI uri = new URI(text);
            return uri.isAbsolute() ? uri : null;
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
