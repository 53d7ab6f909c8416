package org.servicedomain.node.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.RecordingChain;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.core.ArrivingBody;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestEvents;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.engine.compose.ComposerRegistry;
import org.servicedomain.node.engine.monitor.RequestOutcomes;
import org.servicedomain.node.engine.selection.SelectorRegistry;
import org.servicedomain.node.policy.ActivePolicy;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.FilePolicyStore;
import org.servicedomain.node.policy.PolicyCompiler;
import org.servicedomain.node.tracing.Tracing;
import org.servicedomain.node.tracing.TracingConfig;

/**
 * The chain's runner: the node's stages are the ones the architecture documents, in its order; a
 * request meets them in that order and its reply passes them backwards; a stage's refusal is the
 * request's fault, and a stage that fails unexpectedly is named in an {@code InternalError}.
 */
class RequestChainTest {

    private static final String PORT = "StockQuotePortType";
    /** A row of the architecture's table of stages: its number and the stage's class. */
    private static final Pattern DOCUMENTED_STAGE = Pattern.compile("^\\| *(\\d+) *\\| *`(\\w+Stage)`", Pattern.MULTILINE);

    @TempDir
    Path dataDir;

    private Catalog catalog;
    private ActivePolicy policy;
    private final RequestOutcomes outcomes = new RequestOutcomes(new SimpleMeterRegistry());
    private final List<String> heard = new CopyOnWriteArrayList<>();

    @BeforeEach
    void nodeWithAStockQuotePort() throws IOException {
        catalog = Catalog.open(new FileCatalogStore(dataDir), TestInstances.wsdlSource());
        catalog.register(TestInstances.registration(TestInstances.SOAP11_WSDL));
        policy = ActivePolicy.open(new FilePolicyStore(dataDir), new PolicyCompiler(SelectorRegistry.standard(), ComposerRegistry.standard()));
    }

    @Test
    void theNodesStagesAreTheOnesTheArchitectureDocumentsInTheDocumentedOrder() throws IOException {
        Matcher rows = DOCUMENTED_STAGE.matcher(Files.readString(architecture()));
        List<String> documented = new ArrayList<>();
        while (rows.find()) {
            assertThat(Integer.parseInt(rows.group(1))).as("the table's numbering").isEqualTo(documented.size() + 1);
            documented.add(rows.group(2));
        }
        RequestChain.Parts nothing = new RequestChain.Parts(null, null, null, null, null, null, null, null, null);

        List<String> run = RequestChain.stages(nothing, catalog).stream().map(s -> s.getClass().getSimpleName()).toList();

        assertThat(documented).as("stages in docs/architecture.md").isNotEmpty();
        assertThat(run).isEqualTo(documented);
    }

    @Test
    void aRequestMeetsTheStagesInOrderAndItsReplyPassesThemBackwards() {
        ProviderReply answer = runner(new Noting("first"), new Noting("second"), answering("last")).handle(arrival(PORT)).join();

        assertThat(answer).isEqualTo(RecordingChain.ANSWER);
        assertThat(heard).containsExactly("first in", "second in", "last in", "second out", "first out");
        assertThat(outcomes.faultsOf(PORT)).isEmpty();
    }

    @Test
    void eachStageSeesTheRequestAsTheOneBeforeLeftItUnderThePolicySnapshotTakenOnArrival() {
        List<Object> seen = new CopyOnWriteArrayList<>();
        Stage tagging = chain -> chain.proceed(chain.request().withOperation("Tagged"));
        Stage looking = chain -> {
            seen.add(chain.request().operation());
            seen.add(chain.request().tag(CompiledPolicy.class));
            return CompletableFuture.completedFuture(RecordingChain.ANSWER);
        };

        runner(tagging, looking).handle(arrival(PORT)).join();

        assertThat(seen).containsExactly("Tagged", policy.current());
    }

    @Test
    void aStageThatRefusesEndsTheRequestWithItsFaultAndTheLaterStagesNeverRun() {
        NodeFault refused = new NodeFault(FaultCode.NotAuthorized, "no grant for level trial");
        Stage refusing = chain -> {
            throw refused;
        };

        NodeFault fault = RecordingChain.refusalIn(runner(new Noting("first"), refusing, answering("last")).handle(arrival(PORT)));

        assertThat(fault).isSameAs(refused);
        assertThat(heard).containsExactly("first in", "first out failed");
        assertThat(outcomes.faultsOf(PORT)).isEqualTo(Map.of(FaultCode.NotAuthorized, 1L));
    }

    @Test
    void aStageThatAnswersAFailedFutureEndsTheRequestWithThatFault() {
        NodeFault exhausted = new NodeFault(FaultCode.NoInstanceAvailable, "every attempt failed");

        NodeFault fault = RecordingChain.refusalIn(runner(new Noting("first"), chain -> Completions.failed(exhausted))
                .handle(arrival(PORT)));

        assertThat(fault).isSameAs(exhausted);
        assertThat(outcomes.faultsOf(PORT)).isEqualTo(Map.of(FaultCode.NoInstanceAvailable, 1L));
    }

    @Test
    void aStageThatFailsUnexpectedlyYieldsAnInternalErrorNamingTheStage() {
        NodeFault fault = RecordingChain.refusalIn(runner(new Noting("first"), new BrokenStage(), answering("last"))
                .handle(arrival(PORT)));

        assertThat(fault.code()).isEqualTo(FaultCode.InternalError);
        assertThat(fault).hasMessageContaining("BrokenStage").hasRootCauseMessage(BrokenStage.WHY);
        assertThat(heard).containsExactly("first in", "first out failed");
        assertThat(outcomes.faultsOf(PORT)).isEqualTo(Map.of(FaultCode.InternalError, 1L));
    }

    @Test
    void aStageThatAnswersNoFutureYieldsAnInternalErrorNamingTheStage() {
        NodeFault fault = RecordingChain.refusalIn(runner(new SilentStage()).handle(arrival(PORT)));

        assertThat(fault.code()).isEqualTo(FaultCode.InternalError);
        assertThat(fault).hasMessageContaining("SilentStage");
    }

    @Test
    void aLastStageThatProceedsYieldsAnInternalErrorNamingIt() {
        NodeFault fault = RecordingChain.refusalIn(runner(new Noting("first"), new Noting("last")).handle(arrival(PORT)));

        assertThat(fault.code()).isEqualTo(FaultCode.InternalError);
        assertThat(fault).hasMessageContaining("Noting");
    }

    @Test
    void aRequestForAPortTheCatalogLacksIsAnUnknownVirtualPortBeforeAnyStageRuns() {
        NodeFault fault = RecordingChain.refusalIn(runner(new Noting("first"), answering("last")).handle(arrival("NoSuchPort")));

        assertThat(fault.code()).isEqualTo(FaultCode.UnknownVirtualPort);
        assertThat(fault).hasMessageContaining("NoSuchPort");
        assertThat(heard).isEmpty();
        assertThat(outcomes.faultsOf(RequestOutcomes.UNKNOWN_PORT)).isEqualTo(Map.of(FaultCode.UnknownVirtualPort, 1L));
    }

    private RequestChain runner(Stage... stages) {
        return new RequestChain(catalog, policy, RequestEvents.of(outcomes), Tracing.of(TracingConfig.DEFAULT, "test", "test"), List.of(stages));
    }

    private static Arrival arrival(String port) {
        return new Arrival(port, "text/xml; charset=UTF-8", null, null, false, "request-1", null, null,
                ArrivingBody.of("<Envelope/>".getBytes(StandardCharsets.UTF_8)));
    }

    /** A last stage that notes the request and answers it. */
    private Stage answering(String name) {
        return chain -> {
            heard.add(name + " in");
            return CompletableFuture.completedFuture(RecordingChain.ANSWER);
        };
    }

    /** docs/architecture.md, found from the module's directory or the repository's. */
    private static Path architecture() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path doc = dir.resolve("docs").resolve("architecture.md");
            if (Files.isRegularFile(doc)) {
                return doc;
            }
        }
        throw new AssertionError("no docs/architecture.md above " + Path.of("").toAbsolutePath());
    }

    /** A stage that notes the request going in and its reply or fault coming back. */
    private final class Noting implements Stage {

        private final String name;

        Noting(String name) {
            this.name = name;
        }

        @Override
        public CompletableFuture<ProviderReply> process(Chain chain) {
            heard.add(name + " in");
            return chain.proceed(chain.request()).whenComplete((reply, error) -> heard.add(name + " out"
                    + (error == null ? "" : " failed")));
        }
    }

    /** A stage with a bug. */
    private static final class BrokenStage implements Stage {

        static final String WHY = "a bug in the stage";

        @Override
        public CompletableFuture<ProviderReply> process(Chain chain) {
            throw new IllegalStateException(WHY);
        }
    }

    /** A stage that forgets to answer. */
    private static final class SilentStage implements Stage {

        @Override
        public CompletableFuture<ProviderReply> process(Chain chain) {
            return null;
        }
    }
}
