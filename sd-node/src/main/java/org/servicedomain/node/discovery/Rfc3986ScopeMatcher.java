package org.servicedomain.node.discovery;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.Objects;

/**
 * The default rule as WS-Discovery 1.1 (Matching Types and Scopes) defines it: scheme and authority equal ignoring case,
 * the probe's path segments a segment-wise prefix of the target's (so {@code http://x/sales} matches
 * {@code http://x/sales/eu} but not {@code http://x/salesforce}), compared after unescaping; query
 * and fragment are not compared, and a scope with a {@code .} or {@code ..} segment matches nothing.
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
        String[] probeSegments = segments(path(probe));
        String[] targetSegments = segments(path(target));
        if (probeSegments.length > targetSegments.length || dotted(probeSegments) || dotted(targetSegments)) {
            return false;
        }
        return Arrays.equals(probeSegments, 0, probeSegments.length, targetSegments, 0, probeSegments.length);
    }

    /** The unescaped path; an opaque URI's ({@code urn:a:b}) is its scheme-specific part up to any query. */
    private static String path(URI uri) {
        if (!uri.isOpaque()) {
            return Objects.requireNonNullElse(uri.getPath(), "");
        }
        String raw = uri.getRawSchemeSpecificPart();
        int query = raw.indexOf('?');
        String beforeQuery = query < 0 ? raw : raw.substring(0, query);
        return beforeQuery.isEmpty() ? "" : URI.create("x:" + beforeQuery).getSchemeSpecificPart();
    }

    private static boolean dotted(String[] segments) {
        return Arrays.stream(segments).anyMatch(s -> s.equals(".") || s.equals(".."));
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
