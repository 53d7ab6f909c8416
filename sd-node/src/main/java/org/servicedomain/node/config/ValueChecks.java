package org.servicedomain.node.config;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.servicedomain.node.network.Networks;

/**
 * The checks the option table's setters make on a value as given, each refusing it with a message that
 * names where it came from ({@code --port}, {@code SD_PORT}, {@code sd.maxMessageBytes}).
 */
final class ValueChecks {

    private ValueChecks() {
    }

    static int number(String where, String value, int min, int max) {
        return (int) longNumber(where, value, min, max);
    }

    static long longNumber(String where, String value, long min, long max) {
        try {
            long n = Long.parseLong(value);
            if (n < min || n > max) {
                throw new IllegalArgumentException(where + " must be between " + min + " and " + max + " but was " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + " needs a number but got " + value, e);
        }
    }

    /** A share from 0 to 1, such as {@code 0.05}. */
    static double ratio(String where, String value) {
        double ratio;
        try {
            ratio = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + " needs a number from 0 to 1 but got " + value, e);
        }
        if (!(ratio >= 0 && ratio <= 1)) {
            throw new IllegalArgumentException(where + " must be between 0 and 1 but was " + value);
        }
        return ratio;
    }

    static String oneOf(String where, String value, String... allowed) {
        if (!List.of(allowed).contains(value)) {
            throw new IllegalArgumentException(where + " must be one of " + String.join(", ", allowed) + " but was " + value);
        }
        return value;
    }

    static boolean toggle(String where, String value) {
        String given = oneOf(where, value.toLowerCase(Locale.ROOT), "true", "false", "on", "off");
        return given.equals("true") || given.equals("on");
    }

    /** {@code value} once it reads as a list of networks ({@link Networks#parse}). */
    static String networks(String value) {
        Networks.parse(value);
        return value;
    }

    static String pattern(String where, String value) {
        try {
            Pattern.compile(value);
            return value;
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(where + " needs a regular expression of proxy addresses but got " + value, e);
        }
    }
}
