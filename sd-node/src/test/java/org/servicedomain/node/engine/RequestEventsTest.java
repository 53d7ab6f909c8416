package org.servicedomain.node.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.RecordingChain;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.core.ArrivingBody;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestEvents;
import org.servicedomain.node.core.RequestListener;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.dispatch.InstanceDispatcher;
import org.servicedomain.node.engine.compose.ComposerRegistry;
import org.servicedomain.node.engine.envelope.OperationMappingStage;
import org.servicedomain.node.engine.failover.Failover;
import org.servicedomain.node.engine.selection.FirstAvailableSelector;
import org.servicedomain.node.engine.selection.SelectorRegistry;
import org.servicedomain.node.policy.ActivePolicy;
import org.servicedomain.node.policy.FilePolicyStore;
import org.servicedomain.node.policy.PolicyCompiler;
import org.servicedomain.node.policy.PortPolicy;
import org.servicedomain.node.policy.RecoveryRule;
import org.servicedomain.node.tracing.Tracing;
import org.servicedomain.node.tracing.TracingConfig;

/**
 * The request events, fired by the chain's runner and failover on one bus, heard by every
 * subscriber in order: a served call, a failed-over call, a provider's fault, a call refused for
 * the later stages and a request refused before its call is known each tell the same story.
 */
class RequestEventsTest {

    private static final String PORT = "StockQuotePortType";
    private static final PortPolicy TWO_TRIES = new PortPolicy("test", new FirstAvailableSelector(),
            new RecoveryRule(1, Duration.ofSeconds(5)));

    @TempDir
    Path dataDir;

    private Catalog catalog;
    private ActivePolicy policy;
    private final List<String> heard = new CopyOnWriteArrayList<>();
    private final List<String> heardSecond = new CopyOnWriteArrayList<>();

    @BeforeEach
    void nodeWithAStockQuotePort() throws IOException {
        catalog = Catalog.open(new FileCatalogStore(dataDir), TestInstances.wsdlSource());
        catalog.register(TestInstances.registration(TestInstances.SOAP11_WSDL));
        policy = ActivePolicy.open(new FilePolicyStore(dataDir), new PolicyCompiler(SelectorRegistry.standard(), ComposerRegistry.standard()));
    }

    @Test
    void aServedCallStartsIsDispatchedOnceEndsAndFinishes() {
        RequestEvents bus = RequestEvents.of(new Noting(heard), new Noting(heardSecond));

        ProviderReply reply = runner(bus, dispatching(bus, new Answering())).handle(arrival()).join();

        assertThat(reply.status()).isEqualTo(200);
        assertThat(heard).containsExactly("started", "dispatching a", "dispatched a", "ended 200", "finished 200");
        assertThat(heardSecond).as("every subscriber, the same events").isEqualTo(heard);
    }

    @Test
    void aFailedOverCallHearsTheFailedAttemptBeforeTheNextOne() {
        RequestEvents bus = RequestEvents.of(new Noting(heard));

        runner(bus, dispatching(bus, new Answering("a"))).handle(arrival()).join();

        assertThat(heard).containsExactly("started", "dispatching a", "failed a", "dispatching b", "dispatched b",
                "ended 200", "finished 200");
    }

    @Test
    void aProvidersOwnFaultIsHeardJustBeforeItsAnswer() {
        RequestEvents bus = RequestEvents.of(new Noting(heard));
        Answering faulting = new Answering() {
            @Override
            public CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext request, Duration timeout) {
                return CompletableFuture.completedFuture(new ProviderReply(500, "text/xml", "<Fault/>".getBytes(StandardCharsets.UTF_8)));
            }
        };

        runner(bus, dispatching(bus, faulting)).handle(arrival()).join();

        assertThat(heard).containsExactly("started", "dispatching a", "provider fault a", "dispatched a", "ended 500",
                "finished 500");
    }

    @Test
    void aCallAStageRefusesForTheLaterStagesIsHeardStartedAndEndedWithItsFault() {
        RequestEvents bus = RequestEvents.of(new Noting(heard));
        NodeFault full = new NodeFault(FaultCode.Overloaded, "the low queue is full");
        Stage refusingForLater = chain -> chain.refuse(chain.request().withOperation("GetQuote"), full, System.nanoTime());

        NodeFault fault = RecordingChain.refusalIn(new RequestChain(catalog, policy, bus, tracing(),
                List.of(refusingForLater, new OperationMappingStage(catalog::snapshot), new Answer())).handle(arrival()));

        assertThat(fault).isSameAs(full);
        assertThat(heard).containsExactly("started", "ended Overloaded", "finished Overloaded");
    }

    @Test
    void aRequestRefusedBeforeItsCallIsKnownIsOnlyFinished() {
        RequestEvents bus = RequestEvents.of(new Noting(heard));
        Stage refusing = chain -> {
            throw new NodeFault(FaultCode.NotAuthorized, "no such session");
        };

        RecordingChain.refusalIn(new RequestChain(catalog, policy, bus, tracing(),
                List.of(refusing, new OperationMappingStage(catalog::snapshot), new Answer())).handle(arrival()));

        assertThat(heard).containsExactly("finished NotAuthorized");
    }

    @Test
    void aSubscriberThatThrowsIsSkippedAndTheOthersStillHear() {
        RequestListener throwing = new RequestListener() {
            @Override
            public void started(RequestContext call) {
                throw new IllegalStateException("a broken subscriber");
            }
        };
        RequestEvents bus = RequestEvents.of(throwing, new Noting(heard));

        ProviderReply reply = runner(bus, dispatching(bus, new Answering())).handle(arrival()).join();

        assertThat(reply.status()).isEqualTo(200);
        assertThat(heard).startsWith("started");
    }

    private RequestChain runner(RequestEvents bus, Stage last) {
        return new RequestChain(catalog, policy, bus, tracing(), List.of(last));
    }

    /** The last stage: failover over instances a and b, telling {@code bus}. */
    private static Stage dispatching(RequestEvents bus, InstanceDispatcher dispatcher) {
        Failover failover = new Failover(request -> TestInstances.instances("a", "b"), dispatcher, bus);
        return chain -> failover.dispatch(chain.request().withOperation("GetQuote"), TWO_TRIES);
    }

    private static Tracing tracing() {
        return Tracing.of(TracingConfig.DEFAULT, "test", "test");
    }

    private static Arrival arrival() {
        return new Arrival(PORT, "text/xml; charset=UTF-8", null, null, false, "request-1", null, null,
                ArrivingBody.of("<Envelope/>".getBytes(StandardCharsets.UTF_8)));
    }

    /** Answers 200 from every instance but those it fails. */
    private static class Answering implements InstanceDispatcher {
        private final Set<String> failing;

        Answering(String... failing) {
            this.failing = Set.of(failing);
        }

        @Override
        public CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext request, Duration timeout) {
            if (failing.contains(instance.id())) {
                return CompletableFuture.failedFuture(new DispatchException(DispatchException.Kind.CONNECTION, "refused", null));
            }
            return CompletableFuture.completedFuture(RecordingChain.ANSWER);
        }

        @Override
        public void close() {
        }
    }

    private static final class Answer implements Stage {
        @Override
        public CompletableFuture<ProviderReply> process(Chain chain) {
            return CompletableFuture.completedFuture(RecordingChain.ANSWER);
        }
    }

    /** Notes each event it hears, in words. */
    private record Noting(List<String> heard) implements RequestListener {
        @Override
        public void started(RequestContext call) {
            heard.add("started");
        }

        @Override
        public void dispatching(RequestContext request, Instance instance) {
            heard.add("dispatching " + instance.id());
        }

        @Override
        public void providerFault(RequestContext request, Instance instance) {
            heard.add("provider fault " + instance.id());
        }

        @Override
        public void dispatched(RequestContext request, Instance instance, long nanos) {
            heard.add("dispatched " + instance.id());
        }

        @Override
        public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
            heard.add("failed " + instance.id());
        }

        @Override
        public void ended(RequestContext call, ProviderReply reply, FaultCode fault, long nanos) {
            heard.add("ended " + (reply != null ? reply.status() : fault.name()));
        }

        @Override
        public void finished(String virtualPort, ProviderReply reply, FaultCode fault) {
            heard.add("finished " + (reply != null ? reply.status() : fault.name()));
        }
    }
}
