package org.servicedomain.node.core;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.event.Level;

/**
 * One log line per cause per period for a failure that repeats (a lost ZooKeeper refusing every change,
 * say): the first occurrence is logged, the repeats within {@link #period} are only counted, and the
 * next line after the period says how many were left out. The stack trace goes only to DEBUG, since the
 * cause is known; an outage then reads as a few lines instead of one stack trace per attempt.
 */
public final class RepeatedWarning {

    private final Logger log;
    private final Level level;
    private final long periodNanos;
    private final LongSupplier nanoTime;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    private static final class Window {
        long opened;
        long suppressed;

        Window(long opened) {
            this.opened = opened;
        }
    }

    public RepeatedWarning(Logger log, Level level, Duration period, LongSupplier nanoTime) {
        this.log = log;
        this.level = level;
        this.periodNanos = period.toNanos();
        this.nanoTime = nanoTime;
    }

    /** At most one WARN line per cause per {@code period}, timed by {@link System#nanoTime}. */
    public static RepeatedWarning warnEvery(Logger log, Duration period) {
        return new RepeatedWarning(log, Level.WARN, period, System::nanoTime);
    }

    /** As {@link #warnEvery}, at INFO: for refusals that are the caller's news, not the operator's. */
    public static RepeatedWarning infoEvery(Logger log, Duration period) {
        return new RepeatedWarning(log, Level.INFO, period, System::nanoTime);
    }

    public Duration period() {
        return Duration.ofNanos(periodNanos);
    }

    /**
     * Logs {@code message} (already safe for one line) unless a line of the same {@code cause} was logged
     * within the period; {@code failure}, if any, goes to DEBUG only. Returns whether a line was written.
     */
    public boolean log(String cause, String message, Throwable failure) {
        long now = nanoTime.getAsLong();
        long[] leftOut = {-1};
        windows.compute(cause, (key, window) -> {
            if (window == null) {
                leftOut[0] = 0;
                return new Window(now);
            }
            if (now - window.opened >= periodNanos) {
                leftOut[0] = window.suppressed;
                window.opened = now;
                window.suppressed = 0;
            } else {
                window.suppressed++;
            }
            return window;
        });
        if (leftOut[0] < 0) {
            log.debug("{} (repeat, not logged above DEBUG)", message, failure);
            return false;
        }
        String line = leftOut[0] == 0 ? message
                : message + " (" + leftOut[0] + " more like it in the last " + period().toSeconds() + " s not logged)";
        log.atLevel(level).log(line);
        if (failure != null) {
            log.debug("the failure behind: {}", message, failure);
        }
        return true;
    }

    /** Forgets the repeats of every cause, e.g. when the failure has ended, so that its next occurrence is logged at once. */
    public void reset() {
        windows.clear();
    }
}
