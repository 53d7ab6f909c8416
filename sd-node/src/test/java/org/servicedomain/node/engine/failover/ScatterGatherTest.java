package org.servicedomain.node.engine.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.servicedomain.node.TestInstances.instances;
import static org.servicedomain.node.TestInstances.parseXml;
import static org.servicedomain.node.TestInstances.request;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestListener;
import org.servicedomain.node.dispatch.InstanceDispatcher;
import org.servicedomain.node.engine.compose.ComposedAnswer;
import org.servicedomain.node.engine.compose.ConcatenatingComposer;
import org.servicedomain.node.engine.selection.RoundRobinSelector;
import org.servicedomain.node.policy.Composition;
import org.servicedomain.node.policy.Decision;
import org.servicedomain.node.policy.RecoveryRule;
import org.servicedomain.node.policy.TestPolicies;

/** A composed call: asked at once, answers merged, failures named and counted, no instance tried twice. */
class ScatterGatherTest {

    private static final RecoveryRule RECOVERY = new RecoveryRule(2, Duration.ofSeconds(7));

    private final Map<String, DispatchException> failures = new HashMap<>();
    private final List<String> asked = new ArrayList<>();
    private final List<String> events = new ArrayList<>();

    @Test
    void everyEligibleInstanceIsAskedOnceAndTheAnswersAreConcatenated() {
        ProviderReply reply = compose(instances("a", "b", "c"), 0);

        assertThat(asked).containsExactly("a", "b", "c");
        assertThat(quotes(reply)).containsExactly("a", "b", "c");
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.instanceId()).isEqualTo("a");
    }

    @Test
    void theComposedAnswerIsMeteredAsTheFirstAnsweringInstancesWithItsSupplierLevels() {
        failures.put("a", new DispatchException(DispatchException.Kind.CONNECTION, "connection to a refused", null));

        ProviderReply reply = compose(List.of(TestPolicies.instance("a", "gold", Map.of()),
                TestPolicies.instance("b", "bronze", Map.of()), TestPolicies.instance("c", "gold", Map.of())), 0);

        assertThat(reply.instanceId()).isEqualTo("b");
        assertThat(reply.supplierLevels()).containsExactly("bronze");
    }

    @Test
    void aFailedInstanceIsNamedInThePartialAnswerCountedAndNotRetried() {
        failures.put("b", new DispatchException(DispatchException.Kind.CONNECTION, "connection to b refused", null));

        ProviderReply reply = compose(instances("a", "b", "c"), 0);

        assertThat(asked).containsExactly("a", "b", "c");
        assertThat(quotes(reply)).containsExactly("a", "c");
        org.w3c.dom.Element tally = (org.w3c.dom.Element) parseXml(reply.body())
                .getElementsByTagNameNS(ComposedAnswer.NAMESPACE, "composed").item(0);
        assertThat(tally.getAttribute("answered")).isEqualTo("2");
        assertThat(tally.getTextContent()).isEqualTo("connection to b refused");
        assertThat(events).containsExactlyInAnyOrder("dispatched a", "failed b", "dispatched c");
    }

    @Test
    void whenEveryInstanceTimesOutTheCallFailsWithTimeoutNamingEach() {
        for (String id : List.of("a", "b")) {
            failures.put(id, new DispatchException(DispatchException.Kind.TIMEOUT, "no answer from " + id, null));
        }

        NodeFault fault = catchThrowableOfType(NodeFault.class, () -> compose(instances("a", "b"), 0));

        assertThat(fault.code()).isEqualTo(FaultCode.Timeout);
        assertThat(fault.getMessage()).contains("no answer from a").contains("no answer from b");
    }

    @Test
    void withInstancesSetTheDirectivePicksThatManyInTurn() {
        compose(instances("a", "b", "c"), 2);

        assertThat(asked).hasSize(2).doesNotHaveDuplicates();
    }

    @Test
    void withNoCandidateTheCallGetsNoInstanceAvailable() {
        NodeFault fault = catchThrowableOfType(NodeFault.class, () -> compose(List.of(), 0));

        assertThat(fault.code()).isEqualTo(FaultCode.NoInstanceAvailable);
        assertThat(asked).isEmpty();
    }

    private ProviderReply compose(List<Instance> candidates, int instances) {
        ScatterGather scatter = new ScatterGather(request -> candidates, dispatcher(), listener());
        try {
            return scatter.dispatch(request(), new Decision("round-robin", new RoundRobinSelector(), null, null), RECOVERY,
                    new Composition("getQuote", ConcatenatingComposer.NAME, new ConcatenatingComposer(), instances)).join();
        } catch (CompletionException e) {
            throw (RuntimeException) Completions.cause(e);
        }
    }

    private InstanceDispatcher dispatcher() {
        return new InstanceDispatcher() {
            @Override
            public CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext request, Duration timeout) {
                asked.add(instance.id());
                DispatchException failure = failures.get(instance.id());
                return failure != null ? CompletableFuture.failedFuture(failure)
                        : CompletableFuture.completedFuture(new ProviderReply(200, "text/xml", quotesOf(instance.id())));
            }

            @Override
            public void close() {
            }
        };
    }

    private RequestListener listener() {
        return new RequestListener() {
            @Override
            public void dispatched(RequestContext request, Instance instance, long nanos) {
                events.add("dispatched " + instance.id());
            }

            @Override
            public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
                events.add("failed " + instance.id());
            }
        };
    }

    private static byte[] quotesOf(String provider) {
        return ("<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><q:quotes xmlns:q=\"urn:q\">"
                + "<q:quote>" + provider + "</q:quote></q:quotes></s:Body></s:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> quotes(ProviderReply reply) {
        org.w3c.dom.NodeList found = parseXml(reply.body()).getElementsByTagNameNS("urn:q", "quote");
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < found.getLength(); i++) {
            texts.add(found.item(i).getTextContent());
        }
        return texts;
    }
}
