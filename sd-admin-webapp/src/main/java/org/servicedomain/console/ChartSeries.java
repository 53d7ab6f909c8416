package org.servicedomain.console;

import java.util.List;
import java.util.Locale;

/**
 * A port's chart data for the dashboard's script (uPlot): the points' times in epoch seconds, their
 * throughput in requests per second and their mean latency in milliseconds, as one JSON object of
 * three arrays. Only numbers, so the page carries it in a data attribute and no inline script is needed.
 */
public final class ChartSeries {

    private ChartSeries() {
    }

    /** {@code {"t":[...],"rate":[...],"latency":[...]}}, oldest point first. */
    public static String json(List<ThroughputHistory.Point> points) {
        StringBuilder t = new StringBuilder();
        StringBuilder rate = new StringBuilder();
        StringBuilder latency = new StringBuilder();
        for (ThroughputHistory.Point p : points) {
            String comma = t.length() == 0 ? "" : ",";
            t.append(comma).append(p.at().getEpochSecond());
            rate.append(comma).append(String.format(Locale.ROOT, "%.3f", p.requestsPerSecond()));
            latency.append(comma).append(String.format(Locale.ROOT, "%.3f", p.meanLatencyMs()));
        }
        return "{\"t\":[" + t + "],\"rate\":[" + rate + "],\"latency\":[" + latency + "]}";
    }
}
