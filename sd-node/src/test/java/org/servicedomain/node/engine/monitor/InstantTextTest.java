package org.servicedomain.node.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class InstantTextTest {

    private final InstantText times = new InstantText();

    private String text(Instant time) {
        return times.append(new StringBuilder(), time).toString();
    }

    @Test
    void writesEveryPrecisionAsInstantToStringDoes() {
        for (Instant time : new Instant[] {Instant.parse("2026-12-07T17:15:00Z"), Instant.parse("2026-12-07T17:15:00.120Z"),
                Instant.parse("2026-12-07T17:15:00.000120Z"), Instant.parse("2026-12-07T17:15:00.000000120Z"),
                Instant.parse("2026-12-07T17:15:00.999999999Z"), Instant.parse("1969-12-31T23:59:59.5Z"),
                Instant.parse("+10000-01-01T00:00:00.001Z"), Instant.EPOCH}) {
            assertThat(text(time)).isEqualTo(time.toString());
        }
    }

    @Test
    void writesTheRightSecondWhenTimesComeOutOfOrder() {
        SplittableRandom random = new SplittableRandom(7);
        long base = Instant.parse("2026-12-07T23:59:58Z").getEpochSecond();
        for (int i = 0; i < 100_000; i++) {
            int nano = switch (random.nextInt(4)) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1_000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant time = Instant.ofEpochSecond(base + random.nextInt(4), nano);
            assertThat(text(time)).isEqualTo(time.toString());
        }
    }
}
