package org.servicedomain.node.engine.monitor;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestListener;

/**
 * Counts the requests a virtual-port entry finished, by how they ended ({@code sd_requests_total});
 * the share of {@code no_instance} is the percentage of requests received while no instance could serve.
 * A request for a port the catalog does not hold is counted under {@link #UNKNOWN_PORT}, so that
 * clients cannot create label values. Beside the counters, the node's own faults are kept per port by
 * fault code ({@link #faultsOf(String)}), for the home port's service info and the console's dashboard.
 */
public final class RequestOutcomes implements RequestListener {

    /** Counter of finished requests; Prometheus shows it as {@code sd_requests_total}. */
    public static final String REQUESTS = "sd.requests";
    /** The {@code virtual_port} label of requests for a port the catalog does not hold. */
    public static final String UNKNOWN_PORT = "(unknown)";

    /** How a request on a virtual port ended, as the {@code outcome} label reads. */
    public enum Outcome {
        /** A provider answered with a 2xx reply. */
        SERVED,
        /** A provider answered with its own fault or another non-2xx reply. */
        PROVIDER_FAULT,
        /** No instance could serve it ({@code NoInstanceAvailable} or {@code Timeout}). */
        NO_INSTANCE,
        /** The node refused or failed it before any instance answered (bad request, not authorized, ...). */
        REFUSED;

        final String label = name().toLowerCase(Locale.ROOT);
    }

    private static final Outcome[] OUTCOMES = Outcome.values();

    private final MeterRegistry registry;
    /** Per port, one counter per outcome by ordinal, all registered together so rates start from zero. */
    private final Map<String, Counter[]> counters = new ConcurrentHashMap<>();
    /** Per port, the node's own faults, one adder per fault code by ordinal. */
    private final Map<String, LongAdder[]> faultsByCode = new ConcurrentHashMap<>();

    public RequestOutcomes(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void finished(String virtualPort, ProviderReply reply, FaultCode fault) {
        if (reply != null) {
            answered(virtualPort, reply.status());
        } else {
            faulted(virtualPort, fault);
        }
    }

    /** A provider's reply went back on {@code port}: served when 2xx, else a provider fault. */
    public void answered(String port, int httpStatus) {
        count(port, httpStatus >= 200 && httpStatus < 300 ? Outcome.SERVED : Outcome.PROVIDER_FAULT);
    }

    /** The node answered with its own fault; {@code port} is null when the catalog holds no such port. */
    public void faulted(String port, FaultCode code) {
        count(port, outcomeOf(code));
        String label = port != null ? port : UNKNOWN_PORT;
        LongAdder[] byCode = faultsByCode.get(label);
        if (byCode == null) {
            byCode = faultsByCode.computeIfAbsent(label, p -> newAdders());
        }
        byCode[code.ordinal()].increment();
    }

    /** The requests on {@code port} the node answered with its own fault since it started, by code; only codes seen. */
    public Map<FaultCode, Long> faultsOf(String port) {
        Map<FaultCode, Long> counts = new EnumMap<>(FaultCode.class);
        LongAdder[] byCode = faultsByCode.get(port);
        if (byCode != null) {
            for (FaultCode code : FaultCode.values()) {
                long n = byCode[code.ordinal()].sum();
                if (n > 0) {
                    counts.put(code, n);
                }
            }
        }
        return counts;
    }

    /** The replies on {@code port} that were a provider's own fault or another non-2xx answer. */
    public long providerFaultsOf(String port) {
        Counter[] byOutcome = counters.get(port);
        return byOutcome == null ? 0 : (long) byOutcome[Outcome.PROVIDER_FAULT.ordinal()].count();
    }

    /** Forgets a port the catalog no longer holds (its meters stay with the registry's own cleanup). */
    public void forgetPort(String port) {
        faultsByCode.remove(port);
    }

    private static LongAdder[] newAdders() {
        LongAdder[] adders = new LongAdder[FaultCode.values().length];
        for (int i = 0; i < adders.length; i++) {
            adders[i] = new LongAdder();
        }
        return adders;
    }

    static Outcome outcomeOf(FaultCode code) {
        return code == FaultCode.NoInstanceAvailable || code == FaultCode.Timeout ? Outcome.NO_INSTANCE : Outcome.REFUSED;
    }

    private void count(String port, Outcome outcome) {
        String label = port != null ? port : UNKNOWN_PORT;
        Counter[] byOutcome = counters.get(label);
        if (byOutcome == null) {
            byOutcome = counters.computeIfAbsent(label, this::register);
        }
        byOutcome[outcome.ordinal()].increment();
    }

    private Counter[] register(String port) {
        Counter[] byOutcome = new Counter[OUTCOMES.length];
        for (Outcome outcome : OUTCOMES) {
            byOutcome[outcome.ordinal()] = Counter.builder(REQUESTS)
                    .description("Requests on a virtual port, by how they ended")
                    .tags(MetricsListener.PORT_TAG, port, MetricsListener.OUTCOME_TAG, outcome.label)
                    .register(registry);
        }
        return byOutcome;
    }
}
