package org.servicedomain.node.entry.port;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.servicedomain.node.core.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the bodies that did not arrive with their request's head: once a second, refuses any
 * that has taken longer than the body timeout, or that grew by less than the minimum rate over
 * the last rate window. Bodies that arrive at once, nearly all, never get here.
 */
public final class BodyWatch implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(BodyWatch.class);
    private static final Duration STOP_WAIT = Duration.ofSeconds(1);

    private final BodyPolicy policy;
    /** Each watched body, with its rate over its current window. */
    private final Map<ArrivingBodyReader, BodyRate> watched = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer;

    public BodyWatch(BodyPolicy policy) {
        this.policy = policy;
        this.timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("sd-body-watch"));
        timer.scheduleWithFixedDelay(this::check, 1, 1, TimeUnit.SECONDS);
    }

    void add(ArrivingBodyReader body) {
        watched.put(body, new BodyRate(policy, body.startedNanos(), body.received()));
    }

    void remove(ArrivingBodyReader body) {
        watched.remove(body);
    }

    /** How many bodies are arriving slowly now. */
    int size() {
        return watched.size();
    }

    private void check() {
        long now = System.nanoTime();
        watched.forEach((body, rate) -> {
            if (body.isDone()) {
                watched.remove(body);
            } else if (now - body.startedNanos() > policy.timeout().toNanos()) {
                LOG.debug("refusing a request body that took over {} ms ({} bytes so far)", policy.timeout().toMillis(), body.received());
                body.fail(policy.tooLong());
            } else if (rate.tooSlow(now, body.received())) {
                LOG.debug("refusing a request body of {} bytes so far: {}", body.received(), rate.refusal());
                body.fail(rate.refusal());
            }
        });
    }

    /**
     * Stops the watch and waits for its thread to end, so a web application stopping right after
     * (Tomcat checks for threads it left behind) finds none.
     */
    @Override
    public void close() {
        timer.shutdownNow();
        try {
            if (!timer.awaitTermination(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("the body watch's thread did not stop within {} ms", STOP_WAIT.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
