package org.servicedomain.node.impact;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.engine.monitor.Metering;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.TestPolicies;

class ImpactPreviewTest {

    private static final Instant NOW = Instant.parse("2026-12-02T01:00:00Z");
    private static final String LEVELS = "<serviceLevels><userLevel name=\"customer\"/><userLevel name=\"gold\"/>"
            + "<supplierLevel name=\"Gold\"/><supplierLevel name=\"Silver\"/><supplierLevel name=\"Bronze\"/></serviceLevels>";
    private static final String GOLD_ONLY = "<policy xmlns=\"urn:sd:policy:1\">" + LEVELS
            + "<package name=\"p\" userLevels=\"gold\"><grant virtualPort=\"StockQuotePortType\"/></package></policy>";

    private final CatalogSnapshot catalog = CatalogSnapshot.of(List.of(TestInstances.virtualPort()), List.of(
            TestPolicies.instance("gold-1", "Gold", Map.of()), TestPolicies.instance("silver-1", "Silver", Map.of()),
            TestPolicies.instance("bronze-1", "Bronze", Map.of())));

    private static Metering.Record call(String user, String level) {
        return new Metering.Record(NOW.minusSeconds(60), user, level, "StockQuotePortType", "GetQuote", "gold-1", "served",
                1_000, 100, 100, Set.of("Gold"));
    }

    @Test
    void refusalsTheActivePolicyMakesTooAreMarkedAsRefusedNow() {
        CompiledPolicy goldOnly = TestPolicies.compile(GOLD_ONLY);

        PolicyImpact impact = new ImpactPreview(goldOnly, goldOnly, catalog)
                .of(Stream.of(call("joe", "customer"), call("joe", "customer")), List.of(), NOW);

        assertThat(impact.refusals()).singleElement().satisfies(r -> {
            assertThat(r.requests()).isEqualTo(2);
            assertThat(r.refusedNow()).isTrue();
        });
        assertThat(impact.refusesNewly()).isFalse();
    }

    @Test
    void anInstanceOnlyAContentRuleNamesStaysReachableAndOneNoRuleNamesDoesNot() {
        CompiledPolicy open = TestPolicies.compile("<policy xmlns=\"urn:sd:policy:1\"/>");
        CompiledPolicy candidate = TestPolicies.compile("<policy xmlns=\"urn:sd:policy:1\">" + LEVELS
                + "<namespace prefix=\"q\" uri=\"urn:example:stockquote\"/><virtualPort name=\"StockQuotePortType\">"
                + "<rule supplierLevel=\"Gold\" directive=\"round-robin\"><content name=\"symbol\" select=\"q:symbol\" equals=\"IBM\"/></rule>"
                + "<rule supplierLevel=\"Silver\" directive=\"round-robin\"/></virtualPort></policy>");

        PolicyImpact impact = new ImpactPreview(open, candidate, catalog).of(Stream.of(call("ann", "gold")), List.of("gold"), NOW);

        assertThat(impact.unreachableInstances()).extracting(PolicyImpact.UnreachableInstance::instanceId)
                .containsExactly("bronze-1");
        assertThat(impact.refusals()).isEmpty();
        assertThat(impact.unservedLevels()).isEmpty();
    }

    @Test
    void anonymousTrafficIsReplayedAsAnonymousCallers() {
        CompiledPolicy open = TestPolicies.compile("<policy xmlns=\"urn:sd:policy:1\"/>");

        PolicyImpact impact = new ImpactPreview(open, TestPolicies.compile(GOLD_ONLY), catalog)
                .of(Stream.of(call(ImpactPreview.ANONYMOUS_USER, null)), List.of(), NOW);

        assertThat(impact.refusals()).singleElement().satisfies(r -> {
            assertThat(r.user()).isEqualTo(ImpactPreview.ANONYMOUS_USER);
            assertThat(r.userLevel()).isNull();
            assertThat(r.code()).isEqualTo("NotAuthorized");
            assertThat(r.refusedNow()).isFalse();
        });
    }
}
