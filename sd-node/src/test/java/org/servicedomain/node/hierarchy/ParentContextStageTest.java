package org.servicedomain.node.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.soap11Envelope;
import static org.servicedomain.node.TestInstances.stockQuoteElement;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.RecordingChain;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.proof.TimedSignature;
import org.servicedomain.node.outbound.TestOutbound;

/**
 * A request a parent node sent: its signed context header gives the caller and the values the
 * parent read, and is cut out; on the way back a fault's attempts get their paths down from this
 * node, and an exhausted request percolates to the parent when the port says so.
 */
class ParentContextStageTest {

    private static final String SECRET = "parent-secret-of-this-child";
    private static final String NODE_NAME = "child";
    private static final ParentContext FROM_PARENT = new ParentContext("ada", "gold", "key-of-ada", List.of("bankA"),
            Map.of("symbol", "ACME"));
    /** The client's message as the parent received it: a header of its own, and a GetQuote. */
    private static final byte[] ORIGINAL = soap11Envelope("<trace xmlns=\"urn:example:tracing\">t-1</trace>",
            stockQuoteElement("GetQuote", "<symbol>ACME</symbol>"));
    private static final NodeFault EXHAUSTED = new NodeFault(FaultCode.NoInstanceAvailable, "every attempt failed",
            List.of(new NodeFault.Attempt("x-1", "http://x-1.provider.example/quotes", "connection refused")));

    @TempDir
    Path dataDir;

    private Hierarchy hierarchy;

    @BeforeEach
    void childNodeWithAParentSecret() throws IOException {
        hierarchy = open(SECRET, dataDir);
    }

    @AfterEach
    void close() {
        hierarchy.close();
    }

    @Test
    void takesTheParentsCallerAndContentValuesAndCutsTheSignedHeaderOut() {
        RecordingChain chain = RecordingChain.answering(signedBy(SECRET, anonymous()));

        stage(false).process(chain).join();

        RequestContext passed = chain.passedOn();
        assertThat(passed.caller()).isEqualTo(FROM_PARENT.caller());
        assertThat(passed.caller().user()).isEqualTo("ada");
        assertThat(passed.contentValues()).isEqualTo(Map.of("symbol", "ACME"));
        assertThat(passed.body()).isEqualTo(ORIGINAL);
    }

    @Test
    void aRequestInASessionOfItsOwnKeepsItsCallerAndTakesOnlyTheParentsValues() {
        Caller joe = new Caller("session-joe", "joe", "platinum", List.of());
        RecordingChain chain = RecordingChain.answering(signedBy(SECRET, anonymous().withCaller(joe)));

        stage(false).process(chain).join();

        assertThat(chain.passedOn().caller()).isEqualTo(joe);
        assertThat(chain.passedOn().contentValues()).isEqualTo(Map.of("symbol", "ACME"));
    }

    @Test
    void aHeaderNotSignedWithTheParentsSecretIsRefusedNotAuthorized() {
        RecordingChain chain = RecordingChain.answering(signedBy("another-secret-of-sixteen", anonymous()));

        NodeFault refusal = chain.refusalBy(stage(false));

        assertThat(refusal.code()).isEqualTo(FaultCode.NotAuthorized);
        assertThat(refusal).hasMessageContaining("sd:context");
        assertThat(chain.wasPassedOn()).isFalse();
    }

    @Test
    void aSignedHeaderIsTakenOnceAndRefusedWhenItComesAgain() {
        RequestContext signed = signedBy(SECRET, anonymous());
        stage(false).process(RecordingChain.answering(signed)).join();
        RecordingChain again = RecordingChain.answering(signed);

        NodeFault refusal = again.refusalBy(stage(false));

        assertThat(refusal.code()).isEqualTo(FaultCode.NotAuthorized);
        assertThat(again.wasPassedOn()).isFalse();
    }

    @Test
    void aNodeWithoutParentSecretPassesTheRequestOnAsItCame(@TempDir Path topDir) throws IOException {
        try (Hierarchy top = open(null, topDir)) {
            RequestContext request = signedBy(SECRET, anonymous());
            RecordingChain chain = RecordingChain.answering(request);

            new ParentContextStage(top, r -> false).process(chain).join();

            assertThat(chain.passedOn()).isSameAs(request);
        }
    }

    @Test
    void onTheWayBackAFaultsAttemptsGetTheirPathsDownFromThisNode() {
        RecordingChain chain = RecordingChain.refusing(anonymous(), EXHAUSTED);

        NodeFault refusal = chain.refusalBy(stage(true));

        assertThat(refusal.code()).as("not sent by a parent: never percolated").isEqualTo(FaultCode.NoInstanceAvailable);
        assertThat(refusal.attempts()).extracting(NodeFault.Attempt::path).containsExactly(NODE_NAME + "/x-1");
        assertThat(refusal).hasMessageContaining("every attempt failed").hasMessageContaining(NODE_NAME + "/x-1");
    }

    @Test
    void anExhaustedRequestThatTheParentSentPercolatesWhenThePortSaysSo() {
        RecordingChain chain = RecordingChain.refusing(signedBy(SECRET, anonymous()), EXHAUSTED);

        NodeFault refusal = chain.refusalBy(stage(true));

        assertThat(refusal.code()).isEqualTo(FaultCode.Percolated);
        assertThat(refusal.attempts()).extracting(NodeFault.Attempt::instanceId).containsExactly("x-1");
    }

    @Test
    void anExhaustedRequestThatTheParentSentIsAnsweredAsSuchWhenThePortDoesNotPercolate() {
        RecordingChain chain = RecordingChain.refusing(signedBy(SECRET, anonymous()), EXHAUSTED);

        assertThat(chain.refusalBy(stage(false)).code()).isEqualTo(FaultCode.NoInstanceAvailable);
    }

    @Test
    void aRefusalOtherThanExhaustionIsNeverPercolated() {
        NodeFault notAllowed = new NodeFault(FaultCode.NotAuthorized, "no grant for level gold");
        RecordingChain chain = RecordingChain.refusing(signedBy(SECRET, anonymous()), notAllowed);

        assertThat(chain.refusalBy(stage(true))).isSameAs(notAllowed);
    }

    private ParentContextStage stage(boolean percolates) {
        return new ParentContextStage(hierarchy, request -> percolates);
    }

    private static RequestContext anonymous() {
        return TestInstances.request().withBody(ORIGINAL);
    }

    /** {@code request} with the context header a parent holding {@code secret} puts on it for this node. */
    private RequestContext signedBy(String secret, RequestContext request) {
        HeaderInsertion.Site site = HeaderInsertion.site(request.body());
        return request.withBody(site.with(ContextHeader.element(FROM_PARENT, TimedSignature.of(secret), Instant.now(),
                request.virtualPort().name(), request.soapAction(), hierarchy.nodeId(), site.digestWithoutElement())));
    }

    private static Hierarchy open(String parentSecret, Path dir) throws IOException {
        return Hierarchy.open(new HierarchyConfig(NODE_NAME, parentSecret, HierarchyConfig.DEFAULT_POLL_INTERVAL), dir,
                Catalog.open(new FileCatalogStore(dir), TestInstances.wsdlSource()), ChildRegistry.open(dir),
                new ChildHomeClient(TestOutbound.none(), Duration.ofSeconds(1), 1 << 20));
    }
}
