package org.servicedomain.client.discovery;

import java.util.List;
import java.util.OptionalDouble;
import javax.xml.namespace.QName;

/**
 * A discovered service: a Probe or Resolve match, or what a provider announces.
 *
 * @param address the endpoint reference address, a stable id such as {@code urn:uuid:...}
 * @param xaddrs where it is reached
 */
public record Target(String address, List<QName> types, List<String> scopes, List<String> xaddrs, long metadataVersion) {

    /** Scopes an SD node publishes on its virtual ports: its load index and the port's p95 response time. */
    public static final String LOAD_SCOPE = "urn:sd:qos:load:";
    public static final String P95_SCOPE = "urn:sd:qos:p95ms:";

    public Target {
        types = List.copyOf(types);
        scopes = List.copyOf(scopes);
        xaddrs = List.copyOf(xaddrs);
    }

    /** The load index the target's quality scope gives, if it has one. */
    public OptionalDouble load() {
        return scopeValue(LOAD_SCOPE);
    }

    /** The p95 response time in ms its quality scope gives, if it has one. */
    public OptionalDouble p95Ms() {
        return scopeValue(P95_SCOPE);
    }

    private OptionalDouble scopeValue(String prefix) {
        for (String scope : scopes) {
            if (scope.startsWith(prefix)) {
                try {
                    return OptionalDouble.of(Double.parseDouble(scope.substring(prefix.length())));
                } catch (NumberFormatException e) {
                    return OptionalDouble.empty();
                }
            }
        }
        return OptionalDouble.empty();
    }
}
