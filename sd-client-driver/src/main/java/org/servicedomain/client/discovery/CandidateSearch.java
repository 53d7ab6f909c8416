package org.servicedomain.client.discovery;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import javax.xml.namespace.QName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills a client's {@link Candidates} by probing in the background: one probe at a time, whose
 * answers are taken as they arrive (a caller may go on at the first) and whose whole outcome
 * replaces the candidates when it ends; targets that come without XAddrs are resolved. Writes what
 * it found to the shared {@link CandidateCache}.
 */
final class CandidateSearch {

    private static final Logger LOG = LoggerFactory.getLogger(CandidateSearch.class);
    private static final AtomicInteger THREADS = new AtomicInteger();
    /** Probes and resolves run here: daemon threads, so a client never keeps the JVM alive. */
    private static final ExecutorService WORK = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "sd-discovery-search-" + THREADS.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    });

    /**
     * One probe: {@code done} when it ends; {@code first} when the first callable target arrived, or
     * it ended and no Resolve it started is still out ({@code resolving}).
     */
    private record Run(CompletableFuture<Void> first, CompletableFuture<Void> done, long startedAt, AtomicInteger resolving) {
    }

    private final DiscoveryProbe probe;
    private final QName portType;
    private final List<String> scopes;
    private final Candidates candidates;
    private final CandidateCache cache;
    private final CandidateCache.Key key;
    private Run running;

    CandidateSearch(DiscoveryProbe probe, QName portType, List<String> scopes, Candidates candidates, CandidateCache cache) {
        this.probe = probe;
        this.portType = portType;
        this.scopes = List.copyOf(scopes);
        this.candidates = candidates;
        this.cache = cache;
        this.key = new CandidateCache.Key(portType, scopes, probe.where());
    }

    /** Takes a fresh cache entry if there is one (true), else starts probing (false). */
    boolean startFromCacheOrProbe() {
        List<Target> cached = cache.get(key).orElse(null);
        if (cached != null && !cached.isEmpty()) {
            cached.forEach(candidates::found);
            LOG.info("{} candidates for {} from the shared cache: {}", cached.size(), portType, candidates.addresses());
            return true;
        }
        start();
        return false;
    }

    /** Starts a probe unless one is running; returns the running one. */
    synchronized Run start() {
        if (running != null && !running.done().isDone()) {
            return running;
        }
        Run run = new Run(new CompletableFuture<>(), new CompletableFuture<>(), System.nanoTime(),
                new AtomicInteger());
        running = run;
        WORK.execute(() -> probe(run));
        return run;
    }

    /** Probes (or joins the running probe) and returns at its first callable answer, or when it ends. */
    void awaitFirstAnswer() {
        await(start().first());
    }

    /** Probes (or joins the running probe) and returns when it has ended. */
    void awaitWholeProbe() {
        await(start().done());
    }

    /** Called when the candidates changed by other means (an announcement, a failure), to keep the cache current. */
    void remember() {
        cache.put(key, candidates.targets());
    }

    private void await(CompletableFuture<Void> stage) {
        Duration limit = probe.waitTime().plusSeconds(10);
        try {
            stage.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("probe for {} did not end within {}: {}", portType, limit, e.toString());
        }
    }

    private void probe(Run run) {
        try {
            List<Target> found = probe.probe(List.of(portType), scopes, target -> take(target, run));
            candidates.probed(found, run.startedAt());
            remember();
            LOG.info("probe for {} found {}", portType, candidates.addresses());
        } catch (IOException | RuntimeException e) {
            LOG.warn("probe for {} failed: {}", portType, e.toString());
        } finally {
            run.done().complete(null);
            if (run.resolving().get() == 0) {
                run.first().complete(null);
            }
        }
    }

    private void take(Target target, Run run) {
        if (target.xaddrs().isEmpty()) {
            run.resolving().incrementAndGet();
            WORK.execute(() -> resolve(target, run));
            return;
        }
        candidates.found(target);
        run.first().complete(null);
    }

    /** A target heard without XAddrs (a Hello or a match): asks for them by Resolve. */
    void resolveLater(Target target) {
        WORK.execute(() -> resolve(target));
    }

    private void resolve(Target target, Run run) {
        try {
            if (resolve(target)) {
                run.first().complete(null);
            }
        } finally {
            if (run.resolving().decrementAndGet() == 0 && run.done().isDone()) {
                run.first().complete(null);
            }
        }
    }

    /** Whether it resolved {@code target} to a callable one, now among the candidates. */
    private boolean resolve(Target target) {
        try {
            for (Target resolved : probe.resolve(target.address())) {
                if (resolved.address().equals(target.address()) && !resolved.xaddrs().isEmpty()) {
                    candidates.found(resolved);
                    remember();
                    LOG.info("resolved {} to {}", target.address(), resolved.xaddrs());
                    return true;
                }
            }
            LOG.info("{} came without XAddrs and no one resolved it", target.address());
        } catch (IOException | RuntimeException e) {
            LOG.warn("resolve of {} failed: {}", target.address(), e.toString());
        }
        return false;
    }
}
