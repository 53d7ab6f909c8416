package org.servicedomain.node.entry.port;

/**
 * How a caller reached the node: the scheme, host (an IPv6 literal in brackets) and port of the
 * entry it asked, and the node's context path, so an advertised address works from where it asked.
 */
record AskedAddress(String scheme, String host, int port, String contextPath) {

    AskedAddress {
        if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
    }

    /**
     * The address a client reached through a {@code Host} header ({@code host}, {@code host:port},
     * {@code [v6]:port}); the entry's own port when the header names none, {@code fallbackHost} when there is no header.
     */
    static AskedAddress fromHostHeader(String scheme, String hostHeader, String fallbackHost, int entryPort, String contextPath) {
        if (hostHeader == null || hostHeader.isBlank()) {
            return new AskedAddress(scheme, fallbackHost, entryPort, contextPath);
        }
        int colon = hostHeader.lastIndexOf(':');
        boolean hasPort = colon > hostHeader.lastIndexOf(']');
        String host = hasPort ? hostHeader.substring(0, colon) : hostHeader;
        int port = entryPort;
        if (hasPort) {
            try {
                port = Integer.parseInt(hostHeader.substring(colon + 1));
            } catch (NumberFormatException e) {
                host = hostHeader;
            }
        }
        return new AskedAddress(scheme, host, port, contextPath);
    }

    /**
     * Whether a {@code Host} header is an RFC 3986 host (a registered name or IPv4 address of
     * letters, digits, {@code - . _ ~}, or a bracketed IPv6 literal) with an optional decimal port:
     * anything else could carry markup into the WSDL that advertises it, so it is refused as Tomcat does.
     */
    static boolean isValidHost(String header) {
        int n = header.length();
        int at = 0;
        if (n > 0 && header.charAt(0) == '[') {
            at = 1;
            while (at < n && isIpv6Char(header.charAt(at))) {
                at++;
            }
            if (at == 1 || at >= n || header.charAt(at) != ']') {
                return false;
            }
            at++;
        } else {
            while (at < n && isRegNameChar(header.charAt(at))) {
                at++;
            }
            if (at == 0) {
                return false;
            }
        }
        if (at == n) {
            return true;
        }
        if (header.charAt(at) != ':' || n - at - 1 > 5) {
            return false;
        }
        for (int i = at + 1; i < n; i++) {
            char c = header.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean isRegNameChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_'
                || c == '~';
    }

    private static boolean isIpv6Char(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == ':' || c == '.';
    }

    /** {@code scheme://host:port/contextPath}. */
    String base() {
        return scheme + "://" + host + ":" + port + contextPath;
    }
}
