package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.policy.TestPolicies.compile;
import static org.servicedomain.node.policy.TestPolicies.refusal;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The recovery rule's idempotent operations, back-out action and minimum of instances, and the peers element. */
class RecoveryPolicyTest {

    private static final String BACK_OUT = """
            <backOut virtualPort="BackOutPortType" operation="backOut" onOperation="buy">
              <value name="symbol" select="q:symbol"/>
              <payload><![CDATA[<b:backOut xmlns:b="urn:b"><b:reference>${symbol}</b:reference><b:operation>${operation}</b:operation></b:backOut>]]></payload>
            </backOut>""";

    @Test
    void aPortInheritsTheIdempotentOperationsAndBackOutOfTheDefaultsUnlessItGivesItsOwn() {
        CompiledPolicy policy = compile(policy("""
                <defaults><recovery retries="1"><idempotent operation="getQuote list"/>%s</recovery></defaults>
                <virtualPort name="Own"><recovery minInstances="2"><idempotent operation="lookUp"/></recovery></virtualPort>
                """.formatted(BACK_OUT)));

        RecoveryRule inherited = policy.forPort("Other").recovery();
        assertThat(inherited.idempotentOperations()).containsExactlyInAnyOrder("getQuote", "list");
        assertThat(inherited.backOut().virtualPort()).isEqualTo("BackOutPortType");
        assertThat(inherited.minInstances()).isZero();
        RecoveryRule own = policy.forPort("Own").recovery();
        assertThat(own.idempotentOperations()).containsExactly("lookUp");
        assertThat(own.backOut()).isEqualTo(inherited.backOut());
        assertThat(own.minInstances()).isEqualTo(2);
        assertThat(own.retries()).isEqualTo(1);
    }

    @Test
    void theBackOutPayloadIsFilledWithEscapedValuesAndOnlyForItsOperations() {
        BackOutRule rule = compile(policy("<defaults><recovery>" + BACK_OUT + "</recovery></defaults>"))
                .forPort("Any").recovery().backOut();

        assertThat(rule.appliesTo("buy")).isTrue();
        assertThat(rule.appliesTo("getQuote")).isFalse();
        assertThat(rule.fill(Map.of("symbol", "A&<B", "operation", "buy")))
                .isEqualTo("<b:backOut xmlns:b=\"urn:b\"><b:reference>A&amp;&lt;B</b:reference><b:operation>buy</b:operation></b:backOut>");
    }

    @Test
    void refusesABackOutPayloadUsingAValueNoElementNames() {
        InvalidPolicyException e = refusal(policy("""
                <defaults><recovery><backOut virtualPort="P" operation="undo">
                  <payload><![CDATA[<u>${order}</u>]]></payload>
                </backOut></recovery></defaults>"""));

        assertThat(e).hasMessageContaining("${order}");
    }

    @Test
    void refusesABackOutPayloadThatIsNotWellFormed() {
        InvalidPolicyException e = refusal(policy("""
                <defaults><recovery><backOut virtualPort="P" operation="undo">
                  <payload><![CDATA[<u><v></u>]]></payload>
                </backOut></recovery></defaults>"""));

        assertThat(e).hasMessageContaining("not one well-formed XML element");
    }

    @Test
    void refusesABackOutValueNamedLikeABuiltIn() {
        InvalidPolicyException e = refusal(policy("""
                <defaults><recovery><backOut virtualPort="P" operation="undo">
                  <value name="operation" select="q:symbol"/>
                  <payload><![CDATA[<u/>]]></payload>
                </backOut></recovery></defaults>"""));

        assertThat(e).hasMessageContaining("built-in");
    }

    @Test
    void compilesThePeersWithTheirCapacityThresholdAndRefresh() {
        PeerSettings peers = compile(policy("""
                <peers capacity="40" offloadThreshold="0.8" refreshMs="500">
                  <peer address="http://node-b:8080/sd/services/home"/>
                </peers>""")).peers();

        assertThat(peers.peers()).containsExactly(URI.create("http://node-b:8080/sd/services/home"));
        assertThat(peers.capacity()).isEqualTo(40);
        assertThat(peers.offloadThreshold()).isEqualTo(0.8);
        assertThat(peers.refresh()).isEqualTo(Duration.ofMillis(500));
        assertThat(peers.offloads()).isTrue();
    }

    @Test
    void withoutAThresholdPeersAreOnlyBorrowedFrom() {
        PeerSettings peers = compile(policy("<peers><peer address=\"http://node-b:8080/sd/services/home\"/></peers>")).peers();

        assertThat(peers.offloads()).isFalse();
        assertThat(peers.capacity()).isEqualTo(PeerSettings.DEFAULT_CAPACITY);
        assertThat(compile(policy("")).peers()).isEqualTo(PeerSettings.NONE);
    }

    @Test
    void acceptsPeersWithoutAPeerListSinceAClusterMemberTakesItsPeersFromTheMembership() {
        PeerSettings peers = compile(policy("<peers capacity=\"40\" offloadThreshold=\"0.8\"/>")).peers();

        assertThat(peers.peers()).isEmpty();
        assertThat(peers.capacity()).isEqualTo(40);
        assertThat(peers.offloadThreshold()).isEqualTo(0.8);
        assertThat(peers.offloads()).as("alone, with no one to offload to").isFalse();
        assertThat(peers.withPeers(List.of(URI.create("http://member-2:8080/sd/services/home"))).offloads())
                .as("with the members as peers").isTrue();
    }

    @Test
    void compilesThePlacementMarginOfAClusterAndDefaultsIt() {
        PeerSettings peers = compile(policy("""
                <peers placementMargin="0.4">
                  <peer address="http://node-b:8080/sd/services/home"/>
                </peers>""")).peers();

        assertThat(peers.placementMargin()).isEqualTo(0.4);
        assertThat(peers.withPeers(java.util.List.of()).placementMargin()).as("kept when a member swaps the peers").isEqualTo(0.4);
        assertThat(compile(policy("")).peers().placementMargin()).isEqualTo(PeerSettings.DEFAULT_PLACEMENT_MARGIN);
        assertThat(refusal(policy("<peers placementMargin=\"-0.1\"><peer address=\"http://b/sd/services/home\"/></peers>")))
                .hasMessageContaining("placementMargin");
    }

    @Test
    void refusesAPeerAddressThatIsNotAnHttpUrl() {
        InvalidPolicyException e = refusal(policy("<peers><peer address=\"node-b/sd\"/></peers>"));

        assertThat(e).hasMessageContaining("absolute http or https URL");
    }

    @Test
    void refusesARefreshShorterThanItsMinimum() {
        InvalidPolicyException e = refusal(policy("<peers refreshMs=\"10\"><peer address=\"http://b/sd/services/home\"/></peers>"));

        assertThat(e).hasMessageContaining("refreshMs");
    }

    @Test
    void refusesACapacityAboveItsMaximum() {
        InvalidPolicyException e = refusal(policy("<peers capacity=\"" + (PeerCompiler.MAX_CAPACITY + 1)
                + "\"><peer address=\"http://b/sd/services/home\"/></peers>"));

        assertThat(e).hasMessageContaining("capacity must be at most " + PeerCompiler.MAX_CAPACITY);
    }

    private static String policy(String body) {
        return "<policy xmlns=\"urn:sd:policy:1\"><namespace prefix=\"q\" uri=\"urn:sd:samples:stockquote\"/>" + body + "</policy>";
    }
}
