package org.servicedomain.node.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Quality figures as scope URIs, {@code urn:sd:qos:load:0.3} and {@code urn:sd:qos:p95ms:20}, rounded
 * (load to a tenth, p95 up to the next step of 1, 2, 5, 10, 20, 50, ... ms) so that noise does not
 * raise the MetadataVersion; clients read them back with {@link #load} and {@link #p95Ms}.
 */
public final class QualityScopes {

    public static final String LOAD = "urn:sd:qos:load:";
    public static final String P95_MS = "urn:sd:qos:p95ms:";

    private QualityScopes() {
    }

    public static List<String> of(double loadIndex, double p95Ms) {
        List<String> scopes = new ArrayList<>(2);
        scopes.add(LOAD + String.format(Locale.ROOT, "%.1f", Math.round(loadIndex * 10) / 10.0));
        scopes.add(P95_MS + step(p95Ms));
        return scopes;
    }

    /** The smallest of 0, 1, 2, 5, 10, 20, 50, ... that is at least {@code ms}. */
    static long step(double ms) {
        if (ms <= 0) {
            return 0;
        }
        long decade = 1;
        while (true) {
            for (long factor : new long[] {1, 2, 5}) {
                if (ms <= decade * factor) {
                    return decade * factor;
                }
            }
            if (decade > Long.MAX_VALUE / 100) {
                return Long.MAX_VALUE;
            }
            decade *= 10;
        }
    }

    public static OptionalDouble load(List<String> scopes) {
        return value(scopes, LOAD);
    }

    public static OptionalDouble p95Ms(List<String> scopes) {
        return value(scopes, P95_MS);
    }

    private static OptionalDouble value(List<String> scopes, String prefix) {
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
