package org.servicedomain.it.cluster;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * A few client threads sending getQuote to one address back to back, each request checked: HTTP 200
 * with the answer of one of the expected providers. Bounded in requests and in time, so a test that
 * forgets to finish it does not load the machine for long.
 */
final class SteadyLoad implements AutoCloseable {

    /** What the load saw: requests answered as expected, and what went wrong with the others (the first 20). */
    record Outcome(long answered, long failed, List<String> failures) {
    }

    private static final int FAILURES_KEPT = 20;

    private final URI address;
    private final Set<String> providers;
    private final long maxRequests;
    private final long deadline;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    private final List<Thread> clients = new ArrayList<>();

    private SteadyLoad(URI address, Set<String> providers, long maxRequests, Duration maxTime) {
        this.address = address;
        this.providers = providers;
        this.maxRequests = maxRequests;
        this.deadline = System.nanoTime() + maxTime.toNanos();
    }

    /** Starts {@code threads} clients on {@code address}, until {@link #finish()} or {@code maxRequests} or {@code maxTime}. */
    static SteadyLoad start(URI address, Set<String> providers, int threads, long maxRequests, Duration maxTime) {
        SteadyLoad load = new SteadyLoad(address, providers, maxRequests, maxTime);
        for (int i = 0; i < threads; i++) {
            Thread client = new Thread(load::run, "steady-load-" + i);
            client.setDaemon(true);
            load.clients.add(client);
            client.start();
        }
        return load;
    }

    private void run() {
        while (!stop.get() && System.nanoTime() < deadline && sent.incrementAndGet() <= maxRequests) {
            Optional<String> problem = problem();
            if (problem.isEmpty()) {
                answered.incrementAndGet();
            } else {
                failed.incrementAndGet();
                if (failures.size() < FAILURES_KEPT) {
                    failures.add(problem.get());
                }
            }
        }
    }

    /** Sends one request; empty when it was answered as expected, else what was wrong. */
    private Optional<String> problem() {
        try {
            SoapReply reply = StockQuoteCalls.getQuote(address, "ACME");
            if (reply.status() != 200) {
                return Optional.of("HTTP " + reply.status() + ": " + reply.text());
            }
            String provider = StockQuoteCalls.servedBy(reply);
            return providers.contains(provider) ? Optional.empty() : Optional.of("answered by " + provider);
        } catch (RuntimeException | AssertionError e) {
            return Optional.of(e.toString() + (e.getCause() == null ? "" : " caused by " + e.getCause()));
        }
    }

    /** Requests answered as expected so far. */
    long answered() {
        return answered.get();
    }

    /** Stops the clients, lets their last requests end, and says what they saw. */
    Outcome finish() throws InterruptedException {
        stop.set(true);
        for (Thread client : clients) {
            client.join(70_000);
        }
        return new Outcome(answered.get(), failed.get(), List.copyOf(failures));
    }

    @Override
    public void close() throws InterruptedException {
        finish();
    }
}
