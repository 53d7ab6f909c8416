package org.servicedomain.client.cli;

/** Durations for people: {@code 3d 4h 5m 6s}, leaving out the leading zero parts. */
final class Durations {

    private Durations() {
    }

    static String text(long seconds) {
        long d = seconds / 86_400;
        long h = seconds % 86_400 / 3_600;
        long m = seconds % 3_600 / 60;
        long s = seconds % 60;
        if (d > 0) {
            return d + "d " + h + "h " + m + "m " + s + "s";
        }
        if (h > 0) {
            return h + "h " + m + "m " + s + "s";
        }
        return m > 0 ? m + "m " + s + "s" : s + "s";
    }
}
