package org.servicedomain.samples.gpdr;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Problem determination: a port has a problem worth recovering when a node said its service
 * feature is unavailable and a business process reported an error on it, both within the window.
 * Each problem is reported once, until the port serves again.
 */
public final class EventCorrelator {

    private final Duration window;
    private final Clock clock;
    private final Map<String, Instant> unavailable = new HashMap<>();
    private final Map<String, Instant> businessErrors = new HashMap<>();
    private final Set<String> reported = new HashSet<>();

    public EventCorrelator(Duration window, Clock clock) {
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("window must be positive but was " + window);
        }
        this.window = window;
        this.clock = clock;
    }

    /** The port to recover now that {@code event} arrived, if the two events met within the window. */
    public synchronized Optional<String> on(ProblemEvent event) {
        String port = event.virtualPort();
        if (port == null || event.type() == null) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        switch (event.type()) {
            case ProblemEvent.SERVICE_FEATURE_UNAVAILABLE -> unavailable.put(port, now);
            case ProblemEvent.BUSINESS_PROCESS_ERROR -> businessErrors.put(port, now);
            case ProblemEvent.SERVICE_FEATURE_AVAILABLE -> {
                unavailable.remove(port);
                businessErrors.remove(port);
                reported.remove(port);
                return Optional.empty();
            }
            default -> {
                return Optional.empty();
            }
        }
        Instant down = unavailable.get(port);
        Instant error = businessErrors.get(port);
        if (down == null || error == null || reported.contains(port)) {
            return Optional.empty();
        }
        if (Duration.between(down, now).compareTo(window) > 0 || Duration.between(error, now).compareTo(window) > 0) {
            return Optional.empty();
        }
        reported.add(port);
        return Optional.of(port);
    }
}
