package org.servicedomain.testsupport;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.concurrent.atomic.AtomicReference;

/** A clock a test sets by hand, for time windows and session idleness without waiting. */
public final class MovableClock extends Clock {

    private final AtomicReference<Instant> now;
    private final ZoneId zone;

    public MovableClock(Instant start) {
        this(new AtomicReference<>(start), ZoneId.of("UTC"));
    }

    private MovableClock(AtomicReference<Instant> now, ZoneId zone) {
        this.now = now;
        this.zone = zone;
    }

    public void set(Instant instant) {
        now.set(instant);
    }

    /** Moves the clock on by {@code step}. */
    public void advance(java.time.Duration step) {
        now.updateAndGet(t -> t.plus(step));
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public Clock withZone(ZoneId newZone) {
        return new MovableClock(now, newZone);
    }

    @Override
    public Instant instant() {
        return now.get();
    }
}
