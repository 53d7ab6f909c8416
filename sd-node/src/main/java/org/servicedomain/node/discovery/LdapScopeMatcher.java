package org.servicedomain.node.discovery;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code ldap} rule of WS-Discovery 2005/04 (§5.1): both scopes are LDAP URLs (RFC 4516), their
 * scheme and host:port are equal ignoring case, and the probe's DN, read from the root RDN down, is a
 * prefix of the target's, compared RDN by RDN. Attribute types compare ignoring case, values exactly
 * after unescaping; a multi-valued RDN ({@code a=1+b=2}) is a set. The URL's attributes, scope, filter
 * and extensions are not compared, and the RFC 2253 §4 variants ({@code ;} separators, quoting) are
 * not supported, as the rule says.
 */
final class LdapScopeMatcher implements ScopeMatcher {

    static final String NAME = "ldap";

    @Override
    public boolean matches(String probeScope, String targetScope) {
        LdapScope probe = LdapScope.parse(probeScope);
        LdapScope target = LdapScope.parse(targetScope);
        if (probe == null || target == null || !probe.hostPort().equals(target.hostPort())
                || probe.rdns().size() > target.rdns().size()) {
            return false;
        }
        return probe.rdns().equals(target.rdns().subList(0, probe.rdns().size()));
    }

    /**
     * An LDAP URL's host:port (lower case, empty when absent) and its DN's RDNs from the root down.
     */
    record LdapScope(String hostPort, List<Set<String>> rdns) {

        /** The scope, or null when it is not an LDAP URL with a well-formed DN. */
        static LdapScope parse(String scope) {
            URI uri;
            try {
                uri = new URI(scope.trim());
            } catch (URISyntaxException e) {
                return null;
            }
            if (!"ldap".equalsIgnoreCase(uri.getScheme()) || uri.isOpaque()) {
                return null;
            }
            String authority = uri.getRawAuthority() == null ? "" : uri.getRawAuthority().toLowerCase(Locale.ROOT);
            String path = uri.getPath() == null ? "" : uri.getPath();
            String dn = path.startsWith("/") ? path.substring(1) : path;
            List<Set<String>> rdns = dn(dn);
            return rdns == null ? null : new LdapScope(authority, rdns);
        }

        /** The RDNs of {@code dn} (RFC 4514 string form, leaf first) from the root down, or null when malformed. */
        private static List<Set<String>> dn(String dn) {
            List<Set<String>> rdns = new ArrayList<>();
            if (dn.isEmpty()) {
                return rdns;
            }
            for (String rdn : split(dn, ',')) {
                Set<String> avas = new HashSet<>();
                for (String ava : split(rdn, '+')) {
                    int equals = unescapedIndex(ava, '=');
                    if (equals <= 0) {
                        return null;
                    }
                    String type = ava.substring(0, equals).trim().toLowerCase(Locale.ROOT);
                    String value = unescape(ava.substring(equals + 1).trim());
                    if (type.isEmpty() || value == null) {
                        return null;
                    }
                    avas.add(type + "=" + value);
                }
                rdns.add(Set.copyOf(avas));
            }
            Collections.reverse(rdns);
            return rdns;
        }

        private static List<String> split(String text, char separator) {
            List<String> parts = new ArrayList<>();
            int start = 0;
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\\') {
                    i++;
                } else if (c == separator) {
                    parts.add(text.substring(start, i));
                    start = i + 1;
                }
            }
            parts.add(text.substring(start));
            return parts;
        }

        private static int unescapedIndex(String text, char wanted) {
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\\') {
                    i++;
                } else if (c == wanted) {
                    return i;
                }
            }
            return -1;
        }

        /** The value with RFC 4514 escapes ({@code \,} and {@code \2C}) resolved, or null when an escape is cut short. */
        private static String unescape(String value) {
            StringBuilder out = new StringBuilder(value.length());
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (c != '\\') {
                    out.append(c);
                } else if (i + 2 < value.length() && isHex(value.charAt(i + 1)) && isHex(value.charAt(i + 2))) {
                    out.append((char) Integer.parseInt(value.substring(i + 1, i + 3), 16));
                    i += 2;
                } else if (i + 1 < value.length()) {
                    out.append(value.charAt(++i));
                } else {
                    return null;
                }
            }
            return out.toString();
        }

        private static boolean isHex(char c) {
            return Character.digit(c, 16) >= 0;
        }
    }
}
