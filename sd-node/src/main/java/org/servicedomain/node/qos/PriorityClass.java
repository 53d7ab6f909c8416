package org.servicedomain.node.qos;

import java.util.Locale;

/** The model's three priority classes; class 1 is served first, class 3 gets what is left. */
public enum PriorityClass {
    HIGH, MIDDLE, LOW;

    /** The model's class number: 1 for high, 2 for middle, 3 for low. */
    public int number() {
        return ordinal() + 1;
    }

    /** The class numbered {@code n} (1, 2 or 3). */
    public static PriorityClass ofNumber(int n) {
        if (n < 1 || n > 3) {
            throw new IllegalArgumentException("unknown priority class " + n + " (classes are 1 high, 2 middle, 3 low)");
        }
        return values()[n - 1];
    }

    /** The class a policy names: {@code high}, {@code middle} or {@code low}. */
    public static PriorityClass named(String policyWord) {
        if (policyWord != null) {
            for (PriorityClass c : values()) {
                if (c.name().toLowerCase(Locale.ROOT).equals(policyWord)) {
                    return c;
                }
            }
        }
        throw new IllegalArgumentException("unknown priority class '" + policyWord + "' (classes are high, middle, low)");
    }
}
