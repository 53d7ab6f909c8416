package org.servicedomain.console;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The last minutes of each virtual port's throughput and latency, as the console saw them. The node
 * reports totals since it started; each dashboard refresh takes a sample, and a point of the chart
 * is the difference of two samples.
 */
public final class ThroughputHistory {

    /** How far back the charts go. */
    public static final Duration WINDOW = Duration.ofMinutes(10);

    /** One interval between two samples: requests per second and their mean latency. */
    public record Point(Instant at, double requestsPerSecond, double meanLatencyMs) {
    }

    private record Sample(Instant at, long requests, double latencyMs) {
    }

    private final Clock clock;
    private final Map<String, Deque<Sample>> samples = new ConcurrentHashMap<>();

    public ThroughputHistory(Clock clock) {
        this.clock = clock;
    }

    /** Records the totals of every port now. */
    public void sample(List<PortStatistics.PortRow> ports) {
        Instant now = clock.instant();
        for (PortStatistics.PortRow port : ports) {
            Deque<Sample> deque = samples.computeIfAbsent(port.name(), p -> new ArrayDeque<>());
            synchronized (deque) {
                Sample last = deque.peekLast();
                if (last != null && (port.totalRequests() < last.requests() || !now.isAfter(last.at()))) {
                    if (port.totalRequests() < last.requests()) {
                        deque.clear();
                    } else {
                        continue;
                    }
                }
                deque.addLast(new Sample(now, port.totalRequests(), port.totalLatencyMs()));
                while (deque.size() > 2 && deque.peekFirst().at().isBefore(now.minus(WINDOW))) {
                    deque.removeFirst();
                }
            }
        }
    }

    /** The points of {@code port}'s chart, oldest first. */
    public List<Point> points(String port) {
        Deque<Sample> deque = samples.get(port);
        if (deque == null) {
            return List.of();
        }
        List<Sample> copy;
        synchronized (deque) {
            copy = new ArrayList<>(deque);
        }
        List<Point> points = new ArrayList<>();
        for (int i = 1; i < copy.size(); i++) {
            Sample a = copy.get(i - 1);
            Sample b = copy.get(i);
            double seconds = Duration.between(a.at(), b.at()).toMillis() / 1000.0;
            long requests = b.requests() - a.requests();
            points.add(new Point(b.at(), requests / seconds, requests == 0 ? 0 : (b.latencyMs() - a.latencyMs()) / requests));
        }
        return points;
    }
}
