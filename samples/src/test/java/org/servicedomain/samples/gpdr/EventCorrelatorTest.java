package org.servicedomain.samples.gpdr;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class EventCorrelatorTest {

    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-01-05T10:00:00Z"));
    private final EventCorrelator correlator = new EventCorrelator(Duration.ofMinutes(1), new Clock() {
        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    });

    private static ProblemEvent event(String type, String port) {
        return new ProblemEvent(type, null, port, null, null);
    }

    @Test
    void unavailableAndBusinessErrorOnOnePortWithinTheWindowNameThePort() {
        assertThat(correlator.on(event(ProblemEvent.SERVICE_FEATURE_UNAVAILABLE, "Credit"))).isEmpty();
        now.set(now.get().plusSeconds(30));

        assertThat(correlator.on(event(ProblemEvent.BUSINESS_PROCESS_ERROR, "Credit"))).contains("Credit");
    }

    @Test
    void eventsFurtherApartThanTheWindowDoNotCorrelate() {
        correlator.on(event(ProblemEvent.BUSINESS_PROCESS_ERROR, "Credit"));
        now.set(now.get().plusSeconds(61));

        assertThat(correlator.on(event(ProblemEvent.SERVICE_FEATURE_UNAVAILABLE, "Credit"))).isEmpty();
    }

    @Test
    void eventsOnDifferentPortsDoNotCorrelate() {
        correlator.on(event(ProblemEvent.SERVICE_FEATURE_UNAVAILABLE, "Credit"));

        assertThat(correlator.on(event(ProblemEvent.BUSINESS_PROCESS_ERROR, "Quotes"))).isEmpty();
    }

    @Test
    void aProblemIsReportedOnceUntilThePortServesAgain() {
        correlator.on(event(ProblemEvent.SERVICE_FEATURE_UNAVAILABLE, "Credit"));
        assertThat(correlator.on(event(ProblemEvent.BUSINESS_PROCESS_ERROR, "Credit"))).contains("Credit");
        assertThat(correlator.on(event(ProblemEvent.BUSINESS_PROCESS_ERROR, "Credit"))).isEmpty();

        correlator.on(event(ProblemEvent.SERVICE_FEATURE_AVAILABLE, "Credit"));
        correlator.on(event(ProblemEvent.SERVICE_FEATURE_UNAVAILABLE, "Credit"));
        assertThat(correlator.on(event(ProblemEvent.BUSINESS_PROCESS_ERROR, "Credit"))).contains("Credit");
    }
}
