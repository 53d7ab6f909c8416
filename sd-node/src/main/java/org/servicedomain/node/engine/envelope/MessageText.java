package org.servicedomain.node.engine.envelope;

import java.util.Arrays;

/**
 * The text of a plain message, as the runs of bytes between its tags, searched where they lie in
 * the message: a value is found in one run or across the tags between runs, as an element's text
 * joins its descendants' texts.
 */
final class MessageText {

    private final byte[] message;
    /** Start and end (exclusive) of each run, in pairs. */
    private int[] runs = new int[16];
    private int runCount;

    MessageText(byte[] message) {
        this.message = message;
    }

    /** Adds the text from {@code start} to {@code end} (exclusive) of the message; an empty run adds nothing. */
    void run(int start, int end) {
        if (start == end) {
            return;
        }
        if (2 * runCount == runs.length) {
            runs = Arrays.copyOf(runs, runs.length * 2);
        }
        runs[2 * runCount] = start;
        runs[2 * runCount + 1] = end;
        runCount++;
    }

    /** Whether the runs, joined, hold {@code sought}. */
    boolean contains(byte[] sought) {
        if (sought.length == 0) {
            return true;
        }
        for (int r = 0; r < runCount; r++) {
            for (int at = runs[2 * r]; at < runs[2 * r + 1]; at++) {
                if (message[at] == sought[0] && matchesAt(sought, r, at)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether {@code sought} starts at {@code at} in run {@code r}, going on into the next runs as needed. */
    private boolean matchesAt(byte[] sought, int r, int at) {
        int run = r;
        int i = at;
        for (byte b : sought) {
            if (i == runs[2 * run + 1]) {
                run++;
                if (run == runCount) {
                    return false;
                }
                i = runs[2 * run];
            }
            if (message[i] != b) {
                return false;
            }
            i++;
        }
        return true;
    }
}
