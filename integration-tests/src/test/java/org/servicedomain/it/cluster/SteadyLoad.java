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
import java.util.function.Supplier;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * A few client threads sending requests back to back, each checked: by default getQuote to one address,
 * answered with HTTP 200 by one of the expected providers. Bounded in requests and in time, so a test that
 * forgets to finish it does not load the machine for long.
 */
final class SteadyLoad implements AutoCloseable {

    /** What the load saw: requests answered as expected, and what went wrong with the others (the first 20). */
    record Outcome(long answered, long failed, List<String> failures) {
    }

    private static final int FAILURES_KEPT = 20;

    private final Supplier<Optional<String>> request;
    private final long maxRequests;
    private final long deadline;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    private final List<Thread> clients = new ArrayList<>();

    private SteadyLoad(Supplier<Optional<String>> request, long maxRequests, Duration maxTime) {
        this.request = request;
        this.maxRequests = maxRequests;
        this.deadline = System.nanoTime() + maxTime.toNanos();
    }

    /** Starts {@code threads} clients on {@code address}, until {@link #finish()} or {@code maxRequests} or {@code maxTime}. */
    static SteadyLoad start(URI address, Set<String> providers, int threads, long maxRequests, Duration maxTime) {
        return start(() -> problem(address, providers), threads, maxRequests, maxTime);
    }

    /**
     * Starts {@code threads} clients each sending {@code request} back to back; a request is answered as
     * expected when it returns empty, else it returns what was wrong.
     */
    static SteadyLoad start(Supplier<Optional<String>> request, int threads, long maxRequests, Duration maxTime) {
        SteadyLoad load = new SteadyLoad(request, maxRequests, maxTime);
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
            Optional<String> problem = checked();
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

    private Optional<String> checked() {
        try {
            return request.get();
        } catch (RuntimeException | AssertionError e) {
            return Optional.of(e.toString() + (e.getCause() == null ? "" : " caused by " + e.getCause()));
        }
    }

    /** Sends getQuote to {@code address}; empty when one of {@code providers} answered it with 200, else what was wrong. */
    private static Optional<String> problem(URI address, Set<String> providers) {
        SoapReply reply = StockQuoteCalls.getQuote(address, "ACME");
        if (reply.status() != 200) {
            return Optional.of("HTTP " + reply.status() + ": " + reply.text());
        }
        String provider = StockQuoteCalls.servedBy(reply);
        return providers.contains(provider) ? Optional.empty() : Optional.of("answered by " + provider);
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
