package org.servicedomain.node.engine.offload;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.servicedomain.node.core.DaemonThreads;
import org.servicedomain.node.outbound.HttpCalls;
import org.servicedomain.node.outbound.OutboundCall;
import org.servicedomain.node.policy.PeerSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fetches the load report of every peer the policy names, every refresh interval, from one
 * background thread; the hot path reads the latest reports as an immutable map. A peer that does
 * not answer drops out until it does, and a report older than three intervals is not used.
 */
public final class PeerLoads implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PeerLoads.class);
    /** The longest a load report may be, in bytes. */
    static final int MAX_REPORT_BYTES = 1 << 20;
    /** The header that carries the proof; the same as a parent's ({@code hierarchy.ParentProof.HEADER}). */
    static final String PROOF_HEADER = "X-SD-Parent-Proof";

    private final Supplier<PeerSettings> settings;
    private final HttpCalls http;
    private final Duration timeout;
    private final ObjectMapper json = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private final ScheduledExecutorService ticker;
    private volatile Map<URI, PeerLoad> latest = Map.of();
    private final Function<URI, String> proof;

    /**
     * @param proof the value of the proof header, for a GET of the address given, that shows the peers
     *        this node knows the shared secret; null for none
     */
    public PeerLoads(Supplier<PeerSettings> settings, HttpCalls http, Duration timeout, Function<URI, String> proof) {
        this.settings = settings;
        this.proof = proof;
        this.http = http;
        this.timeout = timeout;
        this.ticker = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("sd-peer-loads"));
        ticker.schedule(this::tick, 0, TimeUnit.MILLISECONDS);
    }

    /** The peers' reports that are recent enough to act on. */
    public List<PeerLoad> fresh() {
        long maxAge = settings.get().refresh().multipliedBy(3).toNanos();
        long now = System.nanoTime();
        List<PeerLoad> fresh = new ArrayList<>();
        for (PeerLoad load : latest.values()) {
            if (now - load.fetchedAt() <= maxAge) {
                fresh.add(load);
            }
        }
        return fresh;
    }

    /** Every peer the policy names, with its last load index and the report's age (null when none). */
    public List<LoadReport.PeerView> view() {
        Map<URI, PeerLoad> now = latest;
        List<LoadReport.PeerView> view = new ArrayList<>();
        for (URI peer : settings.get().peers()) {
            PeerLoad load = now.get(peer);
            view.add(load == null ? new LoadReport.PeerView(peer.toString(), null, null)
                    : new LoadReport.PeerView(peer.toString(), load.report().loadIndex(),
                            Duration.ofNanos(System.nanoTime() - load.fetchedAt()).toMillis()));
        }
        return view;
    }

    private void tick() {
        PeerSettings current = settings.get();
        try {
            Map<URI, PeerLoad> fetched = new HashMap<>();
            for (URI peer : current.peers()) {
                PeerLoad load = fetch(peer);
                if (load != null) {
                    fetched.put(peer, load);
                }
            }
            latest = Map.copyOf(fetched);
        } catch (RuntimeException e) {
            LOG.error("fetching the peers' load reports failed inside the node; trying again", e);
        } finally {
            if (!ticker.isShutdown()) {
                ticker.schedule(this::tick, current.refresh().toMillis(), TimeUnit.MILLISECONDS);
            }
        }
    }

    private PeerLoad fetch(URI peer) {
        URI base = PeerLoad.baseOf(peer);
        URI address = URI.create(base + "/load");
        try {
            LoadReport report = PeerAnswer.json(json, LoadReport.class,
                    http.await(OutboundCall.get(address, timeout, MAX_REPORT_BYTES).with(PROOF_HEADER, proof.apply(address))), address);
            return new PeerLoad(peer, base, report, System.nanoTime());
        } catch (IOException | IllegalArgumentException e) {
            noteFailure(peer, e.toString());
            return null;
        }
    }

    private void noteFailure(URI peer, String why) {
        if (latest.containsKey(peer)) {
            LOG.warn("peer {} gave no load report ({}); not offloading to or borrowing from it until it does", peer, why);
        } else {
            LOG.debug("peer {} gave no load report: {}", peer, why);
        }
    }

    @Override
    public void close() {
        ticker.shutdownNow();
    }
}
