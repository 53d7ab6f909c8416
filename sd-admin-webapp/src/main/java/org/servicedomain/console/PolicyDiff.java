package org.servicedomain.console;

import java.util.ArrayList;
import java.util.List;
import org.servicedomain.client.cli.LineDiff;

/**
 * A line diff of two policy versions for the policy page: {@code sdctl policy diff}'s {@link LineDiff}
 * (longest common subsequence), each line numbered in the version(s) it is in. Longer documents are
 * refused rather than made slow.
 */
public final class PolicyDiff {

    /** The most lines a side may have. */
    static final int MAX_LINES = 3000;

    /** How a line of the diff stands: in both versions, only in the old one, only in the new one. */
    public enum Change { SAME, REMOVED, ADDED }

    /** One line of the diff, with its number in the old and the new version (0 where it is absent). */
    public record Line(Change change, int oldNumber, int newNumber, String text) {
        public String getChange() { return change.name().toLowerCase(java.util.Locale.ROOT); }
        public String getOldNumber() { return oldNumber == 0 ? "" : Integer.toString(oldNumber); }
        public String getNewNumber() { return newNumber == 0 ? "" : Integer.toString(newNumber); }
        public String getText() { return text; }
        public String getMark() { return change == Change.ADDED ? "+" : change == Change.REMOVED ? "\u2212" : " "; }
    }

    private PolicyDiff() {
    }

    /** The lines of {@code older} and {@code newer} in order, each marked same, removed or added, and numbered. */
    public static List<Line> of(String older, String newer) {
        if (older.split("\\R", -1).length > MAX_LINES || newer.split("\\R", -1).length > MAX_LINES) {
            throw new IllegalArgumentException("The versions are too long to compare here (more than " + MAX_LINES + " lines).");
        }
        List<Line> lines = new ArrayList<>();
        int oldNumber = 0;
        int newNumber = 0;
        for (LineDiff.Line line : LineDiff.of(older, newer)) {
            switch (line.change()) {
                case "-" -> lines.add(new Line(Change.REMOVED, ++oldNumber, 0, line.text()));
                case "+" -> lines.add(new Line(Change.ADDED, 0, ++newNumber, line.text()));
                default -> lines.add(new Line(Change.SAME, ++oldNumber, ++newNumber, line.text()));
            }
        }
        return lines;
    }
}
