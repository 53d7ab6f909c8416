package org.servicedomain.console;

import java.util.List;
import java.util.Locale;

/**
 * A small line chart drawn on the server as SVG: throughput (requests per second) and mean
 * latency over the last minutes, each line scaled to its own maximum. The markup holds only
 * numbers and fixed words, so the view may write it unescaped.
 */
public final class SvgChart {

    static final int WIDTH = 320;
    static final int HEIGHT = 90;
    private static final int TOP = 14;

    private SvgChart() {
    }

    public static String of(List<ThroughputHistory.Point> points) {
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"").append(WIDTH)
                .append("\" height=\"").append(HEIGHT).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
                .append("\" role=\"img\" aria-label=\"throughput and latency\">");
        svg.append("<rect x=\"0\" y=\"0\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\" fill=\"#fafafa\" stroke=\"#ccc\"/>");
        double maxRate = points.stream().mapToDouble(ThroughputHistory.Point::requestsPerSecond).max().orElse(0);
        double maxLatency = points.stream().mapToDouble(ThroughputHistory.Point::meanLatencyMs).max().orElse(0);
        svg.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"11\" font-size=\"10\" fill=\"#1f5fa8\">%.1f req/s</text>", last(points, true)));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"11\" font-size=\"10\" fill=\"#b5470b\" text-anchor=\"end\">%.1f ms</text>",
                WIDTH - 4, last(points, false)));
        if (points.size() >= 2) {
            svg.append(line(points, maxRate, true, "#1f5fa8"));
            svg.append(line(points, maxLatency, false, "#b5470b"));
        } else {
            svg.append("<text x=\"").append(WIDTH / 2).append("\" y=\"").append(HEIGHT / 2 + 4)
                    .append("\" font-size=\"11\" fill=\"#888\" text-anchor=\"middle\">collecting samples\u2026</text>");
        }
        return svg.append("</svg>").toString();
    }

    private static double last(List<ThroughputHistory.Point> points, boolean rate) {
        if (points.isEmpty()) {
            return 0;
        }
        ThroughputHistory.Point p = points.get(points.size() - 1);
        return rate ? p.requestsPerSecond() : p.meanLatencyMs();
    }

    private static String line(List<ThroughputHistory.Point> points, double max, boolean rate, String colour) {
        StringBuilder d = new StringBuilder("<polyline fill=\"none\" stroke-width=\"1.5\" stroke=\"" + colour + "\" points=\"");
        double step = (WIDTH - 8) / (double) (points.size() - 1);
        for (int i = 0; i < points.size(); i++) {
            double value = rate ? points.get(i).requestsPerSecond() : points.get(i).meanLatencyMs();
            double y = HEIGHT - 4 - (max <= 0 ? 0 : value / max * (HEIGHT - TOP - 8));
            d.append(String.format(Locale.ROOT, "%.1f,%.1f ", 4 + i * step, y));
        }
        return d.append("\"/>").toString();
    }
}
