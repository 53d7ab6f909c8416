package org.servicedomain.node.engine.monitor;

import java.util.concurrent.atomic.LongAdder;
import org.servicedomain.node.core.FailureKind;

/** The counters of one stretch of time (a bucket of a sliding window, or the whole run): lock-free to add to. */
final class TrafficCounts {

    private static final FailureKind[] KINDS = FailureKind.values();

    /** Which bucket of time these counts belong to: the time in ms divided by the bucket length. */
    final long epoch;
    final LongAdder requests = new LongAdder();
    final LongAdder noInstance = new LongAdder();
    final LongAdder[] failures = new LongAdder[KINDS.length];
    final LatencyHistogram latency = new LatencyHistogram();

    TrafficCounts(long epoch) {
        this.epoch = epoch;
        for (int i = 0; i < failures.length; i++) {
            failures[i] = new LongAdder();
        }
    }

    /** Sums of several counts, then read as figures. */
    static final class Sum {
        long requests;
        long noInstance;
        final long[] failures = new long[KINDS.length];
        final long[] latency = new long[LatencyHistogram.BUCKETS];
        long sumMicros;
        long maxMicros;

        void add(TrafficCounts c) {
            requests += c.requests.sum();
            noInstance += c.noInstance.sum();
            for (int i = 0; i < failures.length; i++) {
                failures[i] += c.failures[i].sum();
            }
            long[] sumAndMax = c.latency.addTo(latency);
            sumMicros += sumAndMax[0];
            maxMicros = Math.max(maxMicros, sumAndMax[1]);
        }

        TrafficFigures figures(long periodSeconds) {
            long answered = 0;
            for (long n : latency) {
                answered += n;
            }
            long[] byKind = failures.clone();
            return new TrafficFigures(periodSeconds, requests, byKind, noInstance,
                    requests == 0 ? 0.0 : 100.0 * noInstance / requests, answered,
                    answered == 0 ? 0.0 : sumMicros / 1000.0 / answered,
                    LatencyHistogram.quantileMs(latency, answered, 0.50, maxMicros),
                    LatencyHistogram.quantileMs(latency, answered, 0.95, maxMicros),
                    LatencyHistogram.quantileMs(latency, answered, 0.99, maxMicros),
                    maxMicros / 1000.0);
        }
    }
}
