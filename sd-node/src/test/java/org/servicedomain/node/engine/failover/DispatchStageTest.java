package org.servicedomain.node.engine.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.instance;
import static org.servicedomain.node.TestInstances.instances;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.RecordingChain;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestListener;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.dispatch.InstanceDispatcher;
import org.servicedomain.node.engine.compose.ComposedAnswer;
import org.servicedomain.node.engine.events.EventRing;
import org.servicedomain.node.engine.events.NodeEvent;
import org.servicedomain.node.engine.events.NodeEvents;
import org.servicedomain.node.engine.selection.FirstAvailableSelector;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.Decision;
import org.servicedomain.node.policy.TestPolicies;
import org.w3c.dom.Element;

/**
 * The last stage dispatches under the decision with failover (or, for an operation the port
 * composes, to several instances at once) and, when every attempt failed, runs the port's back-out
 * before the original fault goes back.
 */
class DispatchStageTest {

    private static final String BACK_OUT_PORT = "BackOutPortType";
    private static final CompiledPolicy POLICY = TestPolicies.compile("""
            <policy xmlns="urn:sd:policy:1">
              <defaults>
                <recovery retries="1">
                  <backOut virtualPort="BackOutPortType" operation="undo" onOperation="GetQuote">
                    <payload><![CDATA[<b:undo xmlns:b="urn:b"><b:operation>${operation}</b:operation></b:undo>]]></payload>
                  </backOut>
                </recovery>
              </defaults>
              <virtualPort name="StockQuotePortType">
                <compose operation="GetHistory" composer="concatenate" instances="2"/>
              </virtualPort>
            </policy>
            """);
    private static final Instance UNDO = instance("undo");
    private static final VirtualPort BACK_OUT = new VirtualPort(BACK_OUT_PORT, new QName("urn:b", "BackOutPortType"),
            SoapVersion.SOAP_11, null, new QName("urn:b", "BackOutBinding"), "<definitions/>",
            Map.of(new QName("urn:b", "undo"), "undo"), Map.of("undo", "urn:b:undo"), Map.of());

    private static final RequestListener UNHEARD = new RequestListener() {
        @Override
        public void dispatched(RequestContext request, Instance instance, long nanos) {
        }

        @Override
        public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
        }
    };

    private final ProvidersAnswering providers = new ProvidersAnswering();
    private final NodeEvents events = new NodeEvents(Clock.systemUTC());
    private final Failover failover = new Failover(
            request -> request.virtualPort().name().equals(BACK_OUT_PORT) ? List.of(UNDO) : instances("a", "b"),
            providers, UNHEARD);
    private final DispatchStage stage = new DispatchStage(failover,
            new BackOutAction(name -> name.equals(BACK_OUT_PORT) ? BACK_OUT : null, failover, events));

    @Test
    void dispatchesUnderTheDecisionAndAnswersWithTheFirstInstancesReply() {
        ProviderReply reply = RecordingChain.answering(call("GetQuote")).replyOf(stage);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.instanceId()).isEqualTo("a");
        assertThat(providers.calls).containsExactly("a");
        assertThat(backOutsRun()).isEmpty();
    }

    @Test
    void failsOverToTheNextInstanceWhenTheFirstGivesNoAnswer() {
        providers.failing.add("a");

        ProviderReply reply = RecordingChain.answering(call("GetQuote")).replyOf(stage);

        assertThat(reply.instanceId()).isEqualTo("b");
        assertThat(providers.calls).containsExactly("a", "b");
    }

    @Test
    void whenEveryAttemptFailedTheBackOutRunsBeforeTheOriginalFaultGoesBack() {
        providers.failing.addAll(Set.of("a", "b"));
        CompletableFuture<ProviderReply> undone = new CompletableFuture<>();
        providers.later.put("undo", undone);

        CompletableFuture<ProviderReply> answer = stage.process(RecordingChain.answering(call("GetQuote")));

        assertThat(providers.calls).containsExactly("a", "b", "undo");
        assertThat(providers.bodies.get(2)).contains("<b:operation>GetQuote</b:operation>");
        assertThat(answer).as("the fault waits for the back-out").isNotDone();
        undone.complete(ProvidersAnswering.answerOf("undo"));
        NodeFault fault = RecordingChain.refusalIn(answer);
        assertThat(fault.code()).isEqualTo(FaultCode.NoInstanceAvailable);
        assertThat(fault.attempts()).extracting(NodeFault.Attempt::instanceId).containsExactly("a", "b");
        assertThat(backOutsRun()).singleElement().satisfies(detail -> assertThat(detail).contains("back-out undo")
                .contains("answered by undo"));
    }

    @Test
    void noBackOutRunsWhenNoInstanceWasTried() {
        Failover none = new Failover(request -> List.of(), providers, UNHEARD);
        DispatchStage nothingToTry = new DispatchStage(none, new BackOutAction(name -> BACK_OUT, none, events));

        NodeFault fault = RecordingChain.answering(call("GetQuote")).refusalBy(nothingToTry);

        assertThat(fault.code()).isEqualTo(FaultCode.NoInstanceAvailable);
        assertThat(providers.calls).isEmpty();
        assertThat(backOutsRun()).isEmpty();
    }

    @Test
    void anOperationThePortComposesIsSentToSeveralInstancesAtOnce() {
        CompletableFuture<ProviderReply> fromA = new CompletableFuture<>();
        providers.later.put("a", fromA);

        CompletableFuture<ProviderReply> answer = stage.process(RecordingChain.answering(call("GetHistory")));

        assertThat(providers.calls).as("b asked while a has not answered").containsExactlyInAnyOrder("a", "b");
        fromA.complete(ProvidersAnswering.answerOf("a"));
        ProviderReply composed = answer.join();
        assertThat(composed.status()).isEqualTo(200);
        Element header = (Element) TestInstances.parseXml(composed.body())
                .getElementsByTagNameNS(ComposedAnswer.NAMESPACE, "composed").item(0);
        assertThat(header.getAttribute("asked")).isEqualTo("2");
        assertThat(header.getAttribute("answered")).isEqualTo("2");
    }

    private List<String> backOutsRun() {
        return events.recent().after(0, 100).events().stream().map(EventRing.Numbered::event)
                .filter(e -> e.type() == NodeEvent.Type.RECOVERY_ACTION_RUN).map(NodeEvent::detail).toList();
    }

    private static RequestContext call(String operation) {
        return POLICY.boundTo(TestPolicies.call(operation, Caller.ANONYMOUS))
                .withTag(Decision.class, new Decision("first-available", new FirstAvailableSelector(), null, null));
    }

    /** Instances that answer at once, fail to connect, or answer when the test completes their future; each call noted. */
    private static final class ProvidersAnswering implements InstanceDispatcher {

        final List<String> calls = new CopyOnWriteArrayList<>();
        final List<String> bodies = new CopyOnWriteArrayList<>();
        final Set<String> failing = ConcurrentHashMap.newKeySet();
        final Map<String, CompletableFuture<ProviderReply>> later = new ConcurrentHashMap<>();

        @Override
        public CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext request, Duration timeout) {
            calls.add(instance.id());
            bodies.add(new String(request.body(), StandardCharsets.UTF_8));
            if (failing.contains(instance.id())) {
                return CompletableFuture.failedFuture(new DispatchException(DispatchException.Kind.CONNECTION,
                        "connection refused by " + instance.id(), null));
            }
            return later.getOrDefault(instance.id(), CompletableFuture.completedFuture(answerOf(instance.id())));
        }

        /** A SOAP 1.1 answer whose body element names the instance. */
        static ProviderReply answerOf(String instanceId) {
            return new ProviderReply(200, "text/xml; charset=UTF-8", ("<Envelope xmlns=\"" + SoapVersion.SOAP_11.envelopeNamespace()
                    + "\"><Body><from-" + instanceId + "/></Body></Envelope>").getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public void close() {
        }
    }
}
