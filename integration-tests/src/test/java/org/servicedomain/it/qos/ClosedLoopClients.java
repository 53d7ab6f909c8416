package org.servicedomain.it.qos;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Client threads that each call in a loop, the next call when the last answered (as wrk's
 * connections do), at most {@value #MAX_REQUESTS_PER_CLIENT} times, until closed.
 */
final class ClosedLoopClients implements AutoCloseable {

    /** Each client thread's bound on its requests; the tests stop them long before. */
    static final int MAX_REQUESTS_PER_CLIENT = 5_000;

    private final AtomicBoolean running = new AtomicBoolean(true);
    private final ExecutorService pool;
    private final List<Future<?>> loops = new ArrayList<>();

    private ClosedLoopClients(int threads) {
        pool = Executors.newFixedThreadPool(threads);
    }

    static ClosedLoopClients start(int threads, Runnable call) {
        ClosedLoopClients clients = new ClosedLoopClients(threads);
        for (int t = 0; t < threads; t++) {
            clients.loops.add(clients.pool.submit(() -> {
                for (int i = 0; i < MAX_REQUESTS_PER_CLIENT && clients.running.get(); i++) {
                    call.run();
                }
            }));
        }
        return clients;
    }

    @Override
    public void close() throws Exception {
        running.set(false);
        try {
            for (Future<?> loop : loops) {
                loop.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
