package org.servicedomain.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import javax.xml.namespace.QName;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
// The node's types; the request-path rework moves some of them to other packages, so only the
// imports below should need to change when merging.
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.CatalogStore;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestEvents;
import org.servicedomain.node.dispatch.InstanceDispatcher;
import org.servicedomain.node.engine.compose.ComposerRegistry;
import org.servicedomain.node.engine.failover.Failover;
import org.servicedomain.node.engine.lookup.CatalogLookup;
import org.servicedomain.node.engine.lookup.Lookup;
import org.servicedomain.node.engine.selection.SelectorRegistry;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.Decision;
import org.servicedomain.node.policy.PolicyCompiler;
import org.servicedomain.node.policy.PolicyDocumentReader;
import org.servicedomain.node.policy.PortPolicy;

/**
 * Selection and policy decision per request, against a catalog with {@code instances} operational
 * instances of one virtual port (issue 10: at most 2 µs, and flat from 10 to 10,000 instances).
 * The policy has one rule (platinum callers go to the Blue supplier level, round-robin); half the
 * instances are Blue, half Green, so the rule's filter keeps half.
 *
 * <ul>
 * <li>{@link #decide}: the port's policy and its rule decision alone.</li>
 * <li>{@link #lookup}: the lookup of the operational, non-ejected candidates alone.</li>
 * <li>{@link #decideAndSelect}: what the engine and failover do before dispatching, step by step:
 * decide, look up the operational, non-ejected candidates in the catalog snapshot (the node's own
 * {@link CatalogLookup}), keep those the decision admits, then the selector's eligible/select.</li>
 * <li>{@link #decideAndFailover}: decide, then the node's own {@link Failover#dispatch} with a
 * dispatcher that answers at once, so nothing of failover's bookkeeping is left out.</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SelectionBenchmark {

    private static final String PORT = "StockQuotePortType";
    private static final QName PORT_TYPE = new QName("urn:example:stockquote", PORT);
    private static final String POLICY = """
            <policy xmlns="urn:sd:policy:1">
              <serviceLevels>
                <userLevel name="platinum"/>
                <userLevel name="trial"/>
                <supplierLevel name="Blue"/>
                <supplierLevel name="Green"/>
              </serviceLevels>
              <virtualPort name="StockQuotePortType">
                <rule userLevel="platinum" supplierLevel="Blue" directive="round-robin"/>
                <selection directive="round-robin"/>
              </virtualPort>
            </policy>
            """;

    @Param({"10", "100", "1000", "10000"})
    public int instances;

    private CompiledPolicy policy;
    private Lookup lookup;
    private Failover failover;
    private RequestContext request;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        policy = new PolicyCompiler(SelectorRegistry.standard(), ComposerRegistry.standard()).compile(1, POLICY, new PolicyDocumentReader().read(POLICY));
        Catalog catalog = Catalog.open(new MemoryStore(wsdl(), instances), location -> {
            throw new IllegalStateException("the benchmark fetches no WSDL");
        });
        // As the node does: health's ejection check is a map lookup per instance (empty: none ejected).
        Map<String, Boolean> ejected = new ConcurrentHashMap<>();
        lookup = new CatalogLookup(catalog, ejected::containsKey, () -> !ejected.isEmpty());
        CompletableFuture<ProviderReply> answered = CompletableFuture.completedFuture(new ProviderReply(200, "text/xml", new byte[0]));
        InstanceDispatcher answering = new InstanceDispatcher() {
            @Override
            public CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext r, Duration timeout) {
                return answered;
            }

            @Override
            public void close() {
            }
        };
        // No listeners: the monitor's work (statistics, metrics, health) is not selection.
        failover = new Failover(lookup, answering, RequestEvents.NONE);
        Caller platinum = new Caller("session-1", "user-1", "platinum", List.of());
        request = new RequestContext(catalog.snapshot().port(PORT).orElseThrow(), "GetQuote", platinum, Map.of(),
                "urn:example:stockquote:GetQuote", "text/xml; charset=UTF-8",
                "<Envelope/>".getBytes(StandardCharsets.UTF_8));
        if (decideAndSelect() == null || decideAndFailover() == null) {
            throw new IllegalStateException("no instance selected");
        }
    }

    @Benchmark
    public Decision decide() {
        PortPolicy port = policy.forPort(PORT);
        return port.decide(request, null, policy.supplierLevelsFor(request.caller().userLevel()));
    }

    /** The catalog lookup alone (the node's {@link CatalogLookup}), to tell its cost from the filter's. */
    @Benchmark
    public List<Instance> lookup() {
        return lookup.candidates(request);
    }

    @Benchmark
    public Instance decideAndSelect() {
        PortPolicy port = policy.forPort(PORT);
        Decision decision = port.decide(request, null, policy.supplierLevelsFor(request.caller().userLevel()));
        // as Failover does on the first attempt: the lookup keeps only the decision's supplier levels
        List<Instance> found = lookup.candidates(request, decision.supplierLevels());
        return decision.selector().select(decision.selector().eligible(found, request), request);
    }

    @Benchmark
    public ProviderReply decideAndFailover() {
        PortPolicy port = policy.forPort(PORT);
        Decision decision = port.decide(request, null, policy.supplierLevelsFor(request.caller().userLevel()));
        return failover.dispatch(request, decision, port.recovery()).join();
    }

    private static byte[] wsdl() throws IOException {
        try (InputStream in = SelectionBenchmark.class.getResourceAsStream("/stock-quote.wsdl")) {
            return in.readAllBytes();
        }
    }

    /** A catalog of one port with {@code count} operational instances, half Blue, half Green, built at once. */
    private static final class MemoryStore implements CatalogStore {
        private final byte[] wsdl;
        private final StoredCatalog stored;

        MemoryStore(byte[] wsdl, int count) {
            this.wsdl = wsdl;
            List<Instance> all = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                all.add(new Instance(PORT + "-" + i, PORT, PORT_TYPE, "http://127.0.0.1:" + (20000 + i) + "/stockquote",
                        "http://127.0.0.1/stockquote?wsdl", "wsdl", Set.of(i % 2 == 0 ? "Blue" : "Green"), null, Map.of(),
                        InstanceState.OPERATIONAL));
            }
            this.stored = new StoredCatalog(List.of(new StoredPort(PORT, PORT_TYPE,
                    new QName(PORT_TYPE.getNamespaceURI(), "StockQuoteSoapBinding"), "wsdl")), all);
        }

        @Override
        public StoredCatalog load() {
            return stored;
        }

        @Override
        public void save(StoredCatalog catalog) {
        }

        @Override
        public void saveWsdl(String digest, byte[] bytes) {
        }

        @Override
        public byte[] loadWsdl(String digest) {
            return wsdl;
        }
    }
}
