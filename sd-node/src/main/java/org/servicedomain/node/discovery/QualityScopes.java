package org.servicedomain.node.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.servicedomain.client.discovery.Target;

/**
 * Quality figures as scope URIs, {@code urn:sd:qos:load:0.3} and {@code urn:sd:qos:p95ms:20}, rounded
 * (load to a tenth, p95 up to the next step of 1, 2, 5, 10, 20, 50, ... ms) so that noise does not
 * raise the MetadataVersion. The scopes' words are the client driver's, which reads them back
 * ({@link Target#load}, {@link Target#p95Ms}).
 */
public final class QualityScopes {

    private QualityScopes() {
    }

    public static List<String> of(double loadIndex, double p95Ms) {
        List<String> scopes = new ArrayList<>(2);
        scopes.add(Target.LOAD_SCOPE + String.format(Locale.ROOT, "%.1f", Math.round(loadIndex * 10) / 10.0));
        scopes.add(Target.P95_SCOPE + step(p95Ms));
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
}
