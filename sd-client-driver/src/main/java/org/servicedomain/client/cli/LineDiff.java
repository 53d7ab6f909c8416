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

    /** The lines of {@code first} and {@code second} in order; a final line break ends the last line, it opens no empty one. */
    public static List<Line> of(String first, String second) {
        String[] a = lines(first);
        String[] b = lines(second);
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

    private static String[] lines(String text) {
        int end = text.endsWith("\r\n") ? text.length() - 2 : text.endsWith("\n") ? text.length() - 1 : text.length();
        return text.substring(0, end).split("\r?\n", -1);
    }
}
