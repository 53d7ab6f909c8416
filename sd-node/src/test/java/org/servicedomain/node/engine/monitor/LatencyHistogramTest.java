package org.servicedomain.node.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LatencyHistogramTest {

    @Test
    void everyTimeFallsInsideTheBoundsOfItsBucket() {
        for (long micros : new long[] {0, 1, 7, 8, 9, 15, 16, 17, 100, 1_000, 12_345, 999_999, 1L << 30, (1L << 36) - 1}) {
            int index = LatencyHistogram.indexOf(micros);
            assertThat(LatencyHistogram.lowerBound(index)).as("lower bound of %d", micros).isLessThanOrEqualTo(micros);
            assertThat(LatencyHistogram.upperBound(index)).as("upper bound of %d", micros).isGreaterThanOrEqualTo(micros);
        }
        assertThat(LatencyHistogram.indexOf(Long.MAX_VALUE)).isEqualTo(LatencyHistogram.BUCKETS - 1);
    }

    @Test
    void percentilesAreWithinAnEighthOfTheTrueValue() {
        LatencyHistogram histogram = new LatencyHistogram();
        for (int ms = 1; ms <= 1000; ms++) {
            histogram.record(ms * 1000L);
        }
        long[] counts = new long[LatencyHistogram.BUCKETS];
        long[] sumAndMax = histogram.addTo(counts);

        assertThat(LatencyHistogram.quantileMs(counts, 1000, 0.50, sumAndMax[1])).isCloseTo(500, within(500 / 8.0));
        assertThat(LatencyHistogram.quantileMs(counts, 1000, 0.95, sumAndMax[1])).isCloseTo(950, within(950 / 8.0));
        assertThat(LatencyHistogram.quantileMs(counts, 1000, 0.99, sumAndMax[1])).isCloseTo(990, within(990 / 8.0))
                .isLessThanOrEqualTo(1000);
        assertThat(sumAndMax[0]).isEqualTo(500_500_000L);
    }

    @Test
    void aQuantileIsNeverAboveTheLargestTimeSeen() {
        LatencyHistogram histogram = new LatencyHistogram();
        histogram.record(1_000_001);
        long[] counts = new long[LatencyHistogram.BUCKETS];
        long max = histogram.addTo(counts)[1];

        assertThat(LatencyHistogram.quantileMs(counts, 1, 0.99, max)).isLessThanOrEqualTo(1000.001).isGreaterThan(900);
        assertThat(LatencyHistogram.quantileMs(new long[LatencyHistogram.BUCKETS], 0, 0.5, 0)).isZero();
    }
}
