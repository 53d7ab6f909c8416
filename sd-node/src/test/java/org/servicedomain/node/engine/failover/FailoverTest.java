package org.servicedomain.node.engine.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.servicedomain.node.TestInstances.instance;
import static org.servicedomain.node.TestInstances.instances;
import static org.servicedomain.node.TestInstances.request;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.Deadline;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestListener;
import org.servicedomain.node.directive.Selector;
import org.servicedomain.node.dispatch.InstanceDispatcher;
import org.servicedomain.node.engine.lookup.Lookup;
import org.servicedomain.node.engine.selection.DesignatedSelector;
import org.servicedomain.node.engine.selection.FirstAvailableSelector;
import org.servicedomain.node.engine.selection.RoundRobinSelector;
import org.servicedomain.node.policy.Decision;
import org.servicedomain.node.policy.PortPolicy;
import org.servicedomain.node.policy.RecoveryRule;
import org.servicedomain.node.policy.TestPolicies;

class FailoverTest {

    private static final Duration POLICY_TIMEOUT = Duration.ofSeconds(7);
    private static final String RULE = "rule(AllDay, operation=any, userLevel=any, supplierLevel=UBC, first-available)";

    private final FakeDispatcher dispatcher = new FakeDispatcher();
    private final RecordingListener listener = new RecordingListener();

    @Test
    void failsOverToTheNextInstanceOnADispatchFailure() {
        dispatcher.failing("a");

        ProviderReply reply = failover(instances("a", "b", "c")).dispatch(request(), fixedOrder(2));

        assertThat(reply.status()).isEqualTo(200);
        assertThat(dispatcher.calls).containsExactly("a", "b");
        assertThat(listener.events).containsExactly("failed a", "dispatched b");
    }

    @Test
    void doesNotRetryOnceAProviderFaultComesBack() {
        dispatcher.replying("a", new ProviderReply(500, "text/xml", "<soap:Fault/>".getBytes(StandardCharsets.UTF_8)));

        ProviderReply reply = failover(instances("a", "b")).dispatch(request(), fixedOrder(2));

        assertThat(reply.status()).isEqualTo(500);
        assertThat(dispatcher.calls).containsExactly("a");
        assertThat(listener.events).containsExactly("dispatched a");
    }

    @Test
    void neverTriesTheSameInstanceTwice() {
        dispatcher.failing("a", "b", "c");
        Selector prefersA = (candidates, request) -> candidates.stream()
                .filter(i -> i.id().equals("a")).findFirst().orElse(candidates.get(0));

        catchThrowableOfType(NodeFault.class, () -> failover(instances("a", "b", "c"))
                .dispatch(request(), policy(prefersA, 10)));

        assertThat(dispatcher.calls).containsExactlyInAnyOrder("a", "b", "c").doesNotHaveDuplicates();
    }

    @Test
    void stopsAfterRetriesPlusOneAttempts() {
        dispatcher.failing("a", "b", "c", "d", "e");

        NodeFault fault = catchThrowableOfType(NodeFault.class,
                () -> failover(instances("a", "b", "c", "d", "e")).dispatch(request(), fixedOrder(2)));

        assertThat(dispatcher.calls).containsExactly("a", "b", "c");
        assertThat(fault.attempts()).hasSize(3);
    }

    @Test
    void reportsEveryAttemptWhenAllInstancesFail() {
        dispatcher.failing("a", "b");

        NodeFault fault = catchThrowableOfType(NodeFault.class,
                () -> failover(instances("a", "b")).dispatch(request(), policy(new RoundRobinSelector(), 5)));

        assertThat(fault.code()).isEqualTo(FaultCode.NoInstanceAvailable);
        assertThat(fault.attempts()).extracting(NodeFault.Attempt::instanceId).containsExactlyInAnyOrder("a", "b");
        assertThat(fault.attempts()).allSatisfy(attempt -> {
            assertThat(attempt.reason()).isEqualTo(FakeDispatcher.failureOf(attempt.instanceId()));
            assertThat(attempt.endpointAddress()).isEqualTo(instance(attempt.instanceId()).endpointAddress());
            assertThat(fault).hasMessageContaining(attempt.instanceId()).hasMessageContaining(attempt.reason());
        });
    }

    @Test
    void saysNoneIsOperationalWhenThereAreNoCandidates() {
        NodeFault fault = catchThrowableOfType(NodeFault.class,
                () -> failover(List.of()).dispatch(request(), fixedOrder(2)));

        assertThat(fault.code()).isEqualTo(FaultCode.NoInstanceAvailable);
        assertThat(fault).hasMessageContaining("none is operational");
        assertThat(fault.attempts()).isEmpty();
        assertThat(dispatcher.calls).isEmpty();
    }

    @Test
    void looksUpTheCandidatesAgainBeforeEachAttempt() {
        dispatcher.failing("a");
        List<List<Instance>> lookups = new ArrayList<>(List.of(instances("a", "b"), instances("c")));
        Lookup changing = request -> lookups.size() > 1 ? lookups.remove(0) : lookups.get(0);

        new Answered(new Failover(changing, dispatcher, listener)).dispatch(request(), fixedOrder(2));

        assertThat(dispatcher.calls).containsExactly("a", "c");
    }

    @Test
    void usesTheInstanceTimeoutWhenSetAndThePolicyTimeoutOtherwise() {
        dispatcher.failing("own");
        List<Instance> candidates = List.of(instance("own", 1_500L), instance("policy"));

        failover(candidates).dispatch(request(), fixedOrder(2));

        assertThat(dispatcher.timeouts).containsExactly(Duration.ofMillis(1_500), POLICY_TIMEOUT);
    }

    @Test
    void triesOnlyTheInstancesTheDecisionAdmits() {
        dispatcher.failing("ubc1", "ubc2");
        List<Instance> candidates = List.of(levelled("upm1", "UPM"), levelled("ubc1", "UBC"), levelled("unlevelled", null),
                levelled("ubc2", "UBC"));

        NodeFault fault = catchThrowableOfType(NodeFault.class,
                () -> failover(candidates).dispatch(request(), limitedTo("UBC"), recovery(5, null)));

        assertThat(dispatcher.calls).containsExactly("ubc1", "ubc2");
        assertThat(fault.attempts()).extracting(NodeFault.Attempt::instanceId).containsExactly("ubc1", "ubc2");
    }

    @Test
    void theReplyCarriesTheIdAndSupplierLevelsOfTheInstanceThatAnswered() {
        dispatcher.failing("ubc1");
        List<Instance> candidates = List.of(levelled("ubc1", "UBC"),
                TestPolicies.instanceInLevels("ubc2", Set.of("UBC", "UPM"), Map.of()));

        ProviderReply reply = failover(candidates).dispatch(request(), limitedTo("UBC"), recovery(2, null));

        assertThat(reply.instanceId()).isEqualTo("ubc2");
        assertThat(reply.supplierLevels()).containsExactlyInAnyOrder("UBC", "UPM");
    }

    @Test
    void skipsUntriedInstancesSharingTheFailedOnesAttribute() {
        dispatcher.failing("a", "c");
        List<Instance> candidates = List.of(on("a", "rack1"), on("b", "rack1"), on("c", "rack2"), on("d", "rack2"));

        NodeFault fault = catchThrowableOfType(NodeFault.class,
                () -> failover(candidates).dispatch(request(), anyLevel(), recovery(5, "rack")));

        assertThat(dispatcher.calls).containsExactly("a", "c");
        assertThat(fault.code()).isEqualTo(FaultCode.NoInstanceAvailable);
    }

    @Test
    void doesNotRetryWhenThePortsRetryBudgetIsSpent() {
        RetryBudget budget = new RetryBudget();
        RetryBudget.Port port = budget.requestStarted(request().virtualPort().name(), 0);
        while (port.tryRetry()) {
            continue;
        }
        dispatcher.failing("a");

        NodeFault fault = catchThrowableOfType(NodeFault.class, () -> new Answered(new Failover(request -> instances("a", "b"),
                dispatcher, listener, budget)).dispatch(request(), fixedOrder(2)));

        assertThat(dispatcher.calls).containsExactly("a");
        assertThat(fault.code()).isEqualTo(FaultCode.NoInstanceAvailable);
        assertThat(fault).hasMessageContaining("retry budget");
    }

    @Test
    void isATimeoutWhenEveryAttemptTimedOut() {
        dispatcher.timingOut("a", "b");

        NodeFault fault = catchThrowableOfType(NodeFault.class,
                () -> failover(instances("a", "b")).dispatch(request(), idempotentFirstAvailable(2)));

        assertThat(fault.code()).isEqualTo(FaultCode.Timeout);
        assertThat(fault.attempts()).hasSize(2);
    }

    @Test
    void isNoInstanceAvailableWhenOnlySomeAttemptsTimedOut() {
        dispatcher.timingOut("a");
        dispatcher.failing("b");

        NodeFault fault = catchThrowableOfType(NodeFault.class,
                () -> failover(instances("a", "b")).dispatch(request(), idempotentFirstAvailable(2)));

        assertThat(fault.code()).isEqualTo(FaultCode.NoInstanceAvailable);
    }

    @Test
    void explainsThatOperationalInstancesExistButNoneIsAdmitted() {
        NodeFault fault = catchThrowableOfType(NodeFault.class, () -> failover(List.of(levelled("upm1", "UPM"),
                levelled("upm2", "UPM"))).dispatch(request(), limitedTo("UBC"), recovery(2, null)));

        assertThat(fault.code()).isEqualTo(FaultCode.NoInstanceAvailable);
        assertThat(fault).hasMessageContaining("2 operational").hasMessageContaining(RULE).hasMessageContaining("UBC")
                .hasMessageNotContaining("none is operational");
        assertThat(dispatcher.calls).isEmpty();
    }

    @Test
    void reportsAndRethrowsAnUnexpectedFailureOfTheDispatcher() {
        IllegalStateException bug = new IllegalStateException("dispatcher bug");
        dispatcher.throwing("a", bug);

        RuntimeException thrown = catchThrowableOfType(RuntimeException.class,
                () -> failover(instances("a", "b")).dispatch(request(), fixedOrder(2)));

        assertThat(thrown).isSameAs(bug);
        assertThat(listener.events).containsExactly("failed a");
        assertThat(dispatcher.calls).as("not retried elsewhere").containsExactly("a");
    }

    @Test
    void triesOnlyTheInstancesTheSelectorFindsEligible() {
        dispatcher.failing("a1", "b1", "a2");
        List<Instance> banks = List.of(bank("a1", "A"), bank("c1", "C"), bank("b1", "B"), bank("a2", "A"));
        Decision designated = new Decision("designated", new DesignatedSelector("bank"), null, null);
        RequestContext r = request();
        RequestContext byJoe = new RequestContext(r.virtualPort(), r.operation(),
                new Caller("session-joe", "joe", "platinum", List.of("A", "B")), Map.of(), r.soapAction(),
                r.contentType(), r.body());

        NodeFault fault = catchThrowableOfType(NodeFault.class,
                () -> failover(banks).dispatch(byJoe, designated, recovery(5, null)));

        assertThat(dispatcher.calls).containsExactlyInAnyOrder("a1", "b1", "a2");
        assertThat(fault.attempts()).as("Failover ran out of eligible instances itself").hasSize(3);
    }

    @Test
    void aLookupNarrowsToInstancesWithRoomOnlyAmongThoseTheDirectiveFindsEligible() {
        List<Instance> banks = List.of(bank("a1", "A"), bank("c1", "C"));
        Lookup preferringRoom = new Lookup() {
            @Override
            public List<Instance> candidates(RequestContext request) {
                return banks;
            }

            @Override
            public List<Instance> preferred(List<Instance> eligible, RequestContext request) {
                return Lookup.excludingUnlessAll(eligible, instance -> instance.id().equals("a1")); // a1 is full
            }
        };
        Decision designated = new Decision("designated", new DesignatedSelector("bank"), null, null);
        RequestContext r = request();
        RequestContext byJoe = new RequestContext(r.virtualPort(), r.operation(),
                new Caller("session-joe", "joe", "platinum", List.of("A")), Map.of(), r.soapAction(),
                r.contentType(), r.body());

        ProviderReply reply = new Answered(new Failover(preferringRoom, dispatcher, listener))
                .dispatch(byJoe, designated, recovery(5, null));

        assertThat(reply.status()).isEqualTo(200);
        assertThat(dispatcher.calls).as("joe's only bank, full but his").containsExactly("a1");
    }

    @Test
    void doesNotRetryAFailureAfterTheRequestWasSentForAnOperationNotMarkedIdempotent() {
        dispatcher.timingOut("a");

        NodeFault fault = catchThrowableOfType(NodeFault.class,
                () -> failover(instances("a", "b")).dispatch(request(), fixedOrder(2)));

        assertThat(dispatcher.calls).containsExactly("a");
        assertThat(fault.code()).isEqualTo(FaultCode.Timeout);
        assertThat(fault).hasMessageContaining("not marked idempotent");
    }

    @Test
    void retriesAFailureAfterTheRequestWasSentForAnIdempotentOperation() {
        dispatcher.timingOut("a");

        ProviderReply reply = failover(instances("a", "b")).dispatch(request(), idempotentFirstAvailable(2));

        assertThat(reply.status()).isEqualTo(200);
        assertThat(dispatcher.calls).containsExactly("a", "b");
    }

    @Test
    void retriesAFailureBeforeTheRequestWasSentWhateverTheOperation() {
        dispatcher.failing("a");

        ProviderReply reply = failover(instances("a", "b")).dispatch(request(), fixedOrder(2));

        assertThat(reply.status()).isEqualTo(200);
        assertThat(dispatcher.calls).containsExactly("a", "b");
    }

    @Test
    void startsNoAttemptOnceTheClientsDeadlinePassed() {
        RequestContext late = request().withTerms(Deadline.inMillis(0), false);

        NodeFault fault = catchThrowableOfType(NodeFault.class,
                () -> failover(instances("a", "b")).dispatch(late, idempotentFirstAvailable(2)));

        assertThat(dispatcher.calls).isEmpty();
        assertThat(fault.code()).isEqualTo(FaultCode.Timeout);
        assertThat(fault).hasMessageContaining("deadline passed");
    }

    @Test
    void cutsTheAttemptsTimeoutToTheTimeTheClientsDeadlineLeaves() {
        RequestContext hurried = request().withTerms(Deadline.inMillis(60_000), false);

        failover(instances("a")).dispatch(hurried, idempotentFirstAvailable(2));

        assertThat(dispatcher.timeouts).hasSize(1);
        assertThat(dispatcher.timeouts.get(0)).isEqualTo(POLICY_TIMEOUT);
        RequestContext tight = request().withTerms(Deadline.inMillis(2_000), false);
        failover(instances("a")).dispatch(tight, idempotentFirstAvailable(2));
        assertThat(dispatcher.timeouts.get(1)).isLessThanOrEqualTo(Duration.ofSeconds(2)).isPositive();
    }

    private static PortPolicy idempotentFirstAvailable(int retries) {
        return new PortPolicy("test", new FirstAvailableSelector(), new RecoveryRule(retries, POLICY_TIMEOUT, null,
                RecoveryRule.DEFAULT_RETRY_BUDGET_PERCENT, false, Set.of(request().operation()), null, 0));
    }

    private static Decision limitedTo(String... supplierLevels) {
        return new Decision("first-available", new FirstAvailableSelector(), Set.of(supplierLevels), RULE);
    }

    private static Decision anyLevel() {
        return new Decision("first-available", new FirstAvailableSelector(), null, null);
    }

    private static RecoveryRule recovery(int retries, String avoidSharedAttribute) {
        return new RecoveryRule(retries, POLICY_TIMEOUT, avoidSharedAttribute);
    }

    private static Instance levelled(String id, String supplierLevel) {
        return TestPolicies.instance(id, supplierLevel, Map.of());
    }

    private static Instance on(String id, String rack) {
        return TestPolicies.instance(id, null, Map.of("rack", rack));
    }

    private static Instance bank(String id, String bank) {
        return TestPolicies.instance(id, null, Map.of("bank", bank));
    }

    private Answered failover(List<Instance> candidates) {
        return new Answered(new Failover(request -> candidates, dispatcher, listener));
    }

    /** A failover's answer awaited: the reply, or the fault it failed with, thrown. */
    private record Answered(Failover failover) {
        ProviderReply dispatch(RequestContext request, PortPolicy policy) {
            return await(failover.dispatch(request, policy));
        }

        ProviderReply dispatch(RequestContext request, Decision decision, RecoveryRule recovery) {
            return await(failover.dispatch(request, decision, recovery));
        }

        private static ProviderReply await(CompletableFuture<ProviderReply> answer) {
            try {
                return answer.join();
            } catch (CompletionException e) {
                throw (RuntimeException) Completions.cause(e);
            }
        }
    }

    private static PortPolicy fixedOrder(int retries) {
        return policy(new FirstAvailableSelector(), retries);
    }

    private static PortPolicy policy(Selector selector, int retries) {
        return new PortPolicy("test", selector, new RecoveryRule(retries, POLICY_TIMEOUT));
    }

    /** Answers 200 unless told to fail an instance or to give it another reply; records every call. */
    private static final class FakeDispatcher implements InstanceDispatcher {
        final List<String> calls = new ArrayList<>();
        final List<Duration> timeouts = new ArrayList<>();
        private final Set<String> failing = new HashSet<>();
        private final Set<String> timingOut = new HashSet<>();
        private final Map<String, RuntimeException> throwing = new HashMap<>();
        private final Map<String, ProviderReply> replies = new HashMap<>();

        static String failureOf(String instanceId) {
            return "connection to " + instanceId + " refused";
        }

        void failing(String... ids) {
            failing.addAll(List.of(ids));
        }

        void timingOut(String... ids) {
            timingOut.addAll(List.of(ids));
        }

        void throwing(String id, RuntimeException e) {
            throwing.put(id, e);
        }

        void replying(String id, ProviderReply reply) {
            replies.put(id, reply);
        }

        @Override
        public CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext request, Duration timeout) {
            calls.add(instance.id());
            timeouts.add(timeout);
            if (failing.contains(instance.id())) {
                return CompletableFuture.failedFuture(
                        new DispatchException(DispatchException.Kind.CONNECTION, failureOf(instance.id()), null));
            }
            if (timingOut.contains(instance.id())) {
                return CompletableFuture.failedFuture(new DispatchException(DispatchException.Kind.TIMEOUT,
                        "no answer from " + instance.id() + " in " + timeout, null));
            }
            if (throwing.containsKey(instance.id())) {
                throw throwing.get(instance.id());
            }
            return CompletableFuture.completedFuture(replies.getOrDefault(instance.id(),
                    new ProviderReply(200, "text/xml", "<ok/>".getBytes(StandardCharsets.UTF_8))));
        }

        @Override
        public void close() {
        }
    }

    private static final class RecordingListener implements RequestListener {
        final List<String> events = new ArrayList<>();

        @Override
        public void dispatched(RequestContext request, Instance instance, long nanos) {
            events.add("dispatched " + instance.id());
        }

        @Override
        public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
            events.add("failed " + instance.id());
        }
    }
}
