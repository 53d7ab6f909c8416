package org.servicedomain.node.engine.admission;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.servicedomain.node.RecordingChain;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.engine.offload.Offload;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.TestPolicies;
import org.servicedomain.node.qos.FlowScheduler;
import org.servicedomain.node.qos.PortLimits;
import org.servicedomain.node.qos.PriorityClass;
import org.servicedomain.node.qos.PriorityFlows;

/**
 * A request its class's full queue would refuse is refused before its envelope is parsed, and
 * still counted in its flow and heard as a call with its operation; anything a plain look cannot tell as
 * surely as the full chain goes on to it.
 */
class QuickRefusalStageTest {

    private static final String PORT = "StockQuotePortType";
    private static final CompiledPolicy CLASSES = TestPolicies.compile("""
            <policy xmlns="urn:sd:policy:1">
              <namespace prefix="q" uri="urn:example:stockquote"/>
              <priorityClasses queueLength="1">
                <qos class="high" timeoutMs="5000"><content select="q:symbol" equals="HIGH"/></qos>
              </priorityClasses>
            </policy>
            """);

    private final PriorityFlows flows = new PriorityFlows();

    @AfterEach
    void stopTheQueuesTimer() {
        flows.close();
    }

    @Test
    void aLowCallItsFullQueueWouldRefuseIsRefusedUnparsedCountedInItsFlowAndHeardAsACallWithItsOperation() {
        FlowScheduler port = lowQueueFull();
        RecordingChain chain = RecordingChain.answering(call("<symbol>LOW</symbol>"));

        NodeFault refusal = chain.refusalBy(stage(Offload.NEVER));

        assertThat(chain.wasPassedOn()).isFalse();
        assertThat(refusal.code()).isEqualTo(FaultCode.Overloaded);
        long droppedByTheCall = port.status().get(PriorityClass.LOW.ordinal()).dropped();
        assertThat(refusal).as("the queue's own answer").isSameAs(port.refuseWhenFull(PriorityClass.LOW, 1));
        assertThat(droppedByTheCall).as("counted in its flow as the queue's own refusal is").isEqualTo(1);
        assertThat(chain.refusedForLater().operation()).as("metered by the runner's events with its operation")
                .isEqualTo("GetQuote");
    }

    @ParameterizedTest
    @ValueSource(strings = {"<symbol>HIGH</symbol>", "<symbol>&#72;IGH</symbol>", "<symbol>H<!-- -->IGH</symbol>",
        "<symbol><![CDATA[HIGH]]></symbol>"})
    void aCallThatMayBeOfAnotherClassGoesOnToBeClassedFromItsValues(String payload) {
        lowQueueFull();
        RecordingChain chain = RecordingChain.answering(call(payload));
        assertThat(chain.replyOf(stage(Offload.NEVER))).isEqualTo(RecordingChain.ANSWER);
        assertThat(chain.passedOn().body()).as("as it came").isEqualTo(call(payload).body());
    }

    @Test
    void aMessageWithADoctypeOrASessionIsNoPlainMessageAndGoesOn() {
        lowQueueFull();
        String doctype = "<!DOCTYPE Envelope [<!ENTITY x \"LOW\">]>";
        String session = "<session xmlns=\"urn:sd:home:1\">id</session>";
        List<RequestContext> calls = List.of(
                withBody(doctype + new String(call("<symbol>LOW</symbol>").body(), StandardCharsets.UTF_8)),
                withBody(new String(TestInstances.soap11Envelope(session,
                        TestInstances.stockQuoteElement("GetQuote", "<symbol>LOW</symbol>")), StandardCharsets.UTF_8)));
        for (RequestContext call : calls) {
            RecordingChain chain = RecordingChain.answering(call);
            assertThat(chain.replyOf(stage(Offload.NEVER))).isEqualTo(RecordingChain.ANSWER);
        }
    }

    @Test
    void aCallAPeerMightTakeOrWhoseQueueHasRoomGoesOn() {
        RecordingChain roomInTheQueue = RecordingChain.answering(call("<symbol>LOW</symbol>"));
        assertThat(roomInTheQueue.replyOf(stage(Offload.NEVER))).isEqualTo(RecordingChain.ANSWER);

        lowQueueFull();
        Offload toPeers = (request, current) -> CompletableFuture.completedFuture(null);
        RecordingChain offloadable = RecordingChain.answering(call("<symbol>LOW</symbol>"));
        assertThat(offloadable.replyOf(stage(toPeers))).isEqualTo(RecordingChain.ANSWER);
    }

    /** The port's low queue holding one request behind the one call its one permit lets on. */
    private FlowScheduler lowQueueFull() {
        FlowScheduler port = flows.of(PORT);
        port.limitConcurrency(PortLimits.fixed(1));
        long deadline = System.nanoTime() + Duration.ofHours(1).toNanos();
        port.admit(PriorityClass.LOW, deadline, 1);
        port.admit(PriorityClass.LOW, deadline, 1);
        return port;
    }

    private QuickRefusalStage stage(Offload offload) {
        return new QuickRefusalStage(flows, offload, CatalogSnapshot::empty);
    }

    /** An anonymous GetQuote whose element holds {@code payload}, under the classes' policy. */
    private static RequestContext call(String payload) {
        return withBody(new String(TestInstances.soap11Envelope("", TestInstances.stockQuoteElement("GetQuote", payload)),
                StandardCharsets.UTF_8));
    }

    private static RequestContext withBody(String envelope) {
        return CLASSES.boundTo(TestInstances.request().withBody(envelope.getBytes(StandardCharsets.UTF_8)));
    }

}
