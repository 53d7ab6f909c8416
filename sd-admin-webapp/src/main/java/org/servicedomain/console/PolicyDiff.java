package org.servicedomain.console;

import java.util.ArrayList;
import java.util.List;

/**
 * A line diff of two policy versions for the policy page: the longest common subsequence of their
 * lines, the rest shown as removed (only in the older) or added (only in the newer). Policies are
 * short, so the quadratic table is fine; longer documents are refused rather than made slow.
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

    /** The lines of {@code older} and {@code newer} in order, each marked same, removed or added. */
    public static List<Line> of(String older, String newer) {
        String[] a = older.split("\\R", -1);
        String[] b = newer.split("\\R", -1);
        if (a.length > MAX_LINES || b.length > MAX_LINES) {
            throw new IllegalArgumentException("The versions are too long to compare here (more than " + MAX_LINES + " lines).");
        }
        int[][] common = new int[a.length + 1][b.length + 1];
        for (int i = a.length - 1; i >= 0; i--) {
            for (int j = b.length - 1; j >= 0; j--) {
                common[i][j] = a[i].equals(b[j]) ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        List<Line> lines = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.length || j < b.length) {
            if (i < a.length && j < b.length && a[i].equals(b[j])) {
                lines.add(new Line(Change.SAME, i + 1, j + 1, a[i]));
                i++;
                j++;
            } else if (i < a.length && (j == b.length || common[i + 1][j] >= common[i][j + 1])) {
                lines.add(new Line(Change.REMOVED, i + 1, 0, a[i]));
                i++;
            } else {
                lines.add(new Line(Change.ADDED, 0, j + 1, b[j]));
                j++;
            }
        }
        return lines;
    }
}
