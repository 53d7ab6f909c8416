package org.servicedomain.node.catalog;

import java.util.regex.Pattern;

/** WSDL locations as the node repeats them in faults and logs: never with the credentials a URL may carry. */
final class WsdlLocations {

    private static final Pattern USER_INFO = Pattern.compile("^(\\s*[A-Za-z][A-Za-z0-9+.-]*://)[^/?#@]*@");

    private WsdlLocations() {
    }

    /** {@code location} with any {@code user:password@} before the host replaced by {@code ***@}. */
    static String withoutCredentials(String location) {
        return location == null ? null : USER_INFO.matcher(location).replaceFirst("$1***@");
    }
}
