package org.servicedomain.client.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A line diff by longest common subsequence: policies are small, so the quadratic table is fine.
 * Public for the console's version diff, which numbers these lines.
 */
public final class LineDiff {

    /** One line: {@code change} is {@code " "} (both), {@code "-"} (only the first) or {@code "+"} (only the second). */
    public record Line(String change, String text) {
    }

    private LineDiff() {
    }

    public static List<Line> of(String first, String second) {
        String[] a = first.split("\r?\n", -1);
        String[] b = second.split("\r?\n", -1);
        int[][] common = new int[a.length + 1][b.length + 1];
        for (int i = a.length - 1; i >= 0; i--) {
            for (int j = b.length - 1; j >= 0; j--) {
                common[i][j] = a[i].equals(b[j]) ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        List<Line> lines = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length) {
            if (a[i].equals(b[j])) {
                lines.add(new Line(" ", a[i++]));
                j++;
            } else if (common[i + 1][j] >= common[i][j + 1]) {
                lines.add(new Line("-", a[i++]));
            } else {
                lines.add(new Line("+", b[j++]));
            }
        }
        while (i < a.length) {
            lines.add(new Line("-", a[i++]));
        }
        while (j < b.length) {
            lines.add(new Line("+", b[j++]));
        }
        return lines;
    }
}
