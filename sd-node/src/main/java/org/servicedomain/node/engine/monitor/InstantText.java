package org.servicedomain.node.engine.monitor;

import java.time.Instant;
import java.time.format.DateTimeFormatter;

/**
 * Instants written exactly as {@link Instant#toString()} writes them, with the date and time of day
 * formatted once per second: the metering writer writes one for every call, and the formatter is
 * the costliest part of a line. Not thread-safe; the writer thread owns one.
 */
final class InstantText {

    /** The place of the first digit of a fraction written in milliseconds, microseconds or nanoseconds. */
    private static final int MILLIS_FIRST = 100;
    private static final int MICROS_FIRST = 100_000;
    private static final int NANOS_FIRST = 100_000_000;

    private long second = Long.MIN_VALUE;
    /** {@code second} as ISO-8601 up to its seconds, without the zone's {@code Z}. */
    private String secondText;

    /** Appends {@code time} as ISO-8601 in UTC: the fraction in groups of three digits, as many as it needs. */
    StringBuilder append(StringBuilder to, Instant time) {
        long s = time.getEpochSecond();
        if (s != second) {
            String whole = DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochSecond(s));
            secondText = whole.substring(0, whole.length() - 1);
            second = s;
        }
        to.append(secondText);
        int nano = time.getNano();
        if (nano != 0) {
            to.append('.');
            if (nano % 1_000_000 == 0) {
                digits(to, nano / 1_000_000, MILLIS_FIRST);
            } else if (nano % 1_000 == 0) {
                digits(to, nano / 1_000, MICROS_FIRST);
            } else {
                digits(to, nano, NANOS_FIRST);
            }
        }
        return to.append('Z');
    }

    /** Writes {@code value} in exactly as many digits as {@code leadingDivisor}, the place of its first, has places. */
    private static void digits(StringBuilder to, int value, int leadingDivisor) {
        for (int divisor = leadingDivisor; divisor > 0; divisor /= 10) {
            to.append((char) ('0' + value / divisor % 10));
        }
    }
}
