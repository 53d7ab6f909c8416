package org.servicedomain.node.discovery;

import java.time.Duration;
import java.util.function.LongUnaryOperator;

/**
 * The random wait before answering a multicast Probe or Resolve (WS-Discovery 1.1 and SOAP-over-UDP's
 * APP_MAX_DELAY): uniform from 0 to the maximum, so that the targets a probe matches do not all answer
 * in the same instant and overrun the prober.
 */
final class AnswerDelay {

    private final long maxMs;
    private final LongUnaryOperator random;

    /** A delay up to {@code max}; {@code random} gives a number from 0 to its argument, inclusive. */
    AnswerDelay(Duration max, LongUnaryOperator random) {
        this.maxMs = max.toMillis();
        this.random = random;
    }

    /** A delay drawn from the thread's own random numbers. */
    static AnswerDelay upTo(Duration max) {
        return new AnswerDelay(max, bound -> java.util.concurrent.ThreadLocalRandom.current().nextLong(bound + 1));
    }

    /** The milliseconds to wait before the next answer. */
    long nextMs() {
        if (maxMs <= 0) {
            return 0;
        }
        return Math.min(maxMs, Math.max(0, random.applyAsLong(maxMs)));
    }
}
