package org.servicedomain.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.PlacementProposal;

/** {@code placements}: what it asks the node, one block per proposal, its JSON, and a node with none. */
class PlacementsCommandTest {

    private static final String FRAGMENT = "<virtualPort name=\"StockQuotePortType\"><compatiblePortType"
            + " name=\"{urn:other}OtherQuotesPortType\"/></virtualPort>";

    @RegisterExtension
    final CannedSdctl sdctl = new CannedSdctl();
    private final CannedNode node = sdctl.node();

    private void oneProposal() {
        PlacementProposal proposal = new PlacementProposal();
        proposal.setVirtualPort("StockQuotePortType");
        proposal.setPortType("{urn:stock}StockQuotePortType");
        proposal.setPlacedVirtualPort("OtherQuotesPortType");
        proposal.setPlacedPortType("{urn:other}OtherQuotesPortType");
        proposal.getSharedOperation().addAll(List.of("buy", "getQuote"));
        proposal.getExtraOperation().add("getDividend");
        proposal.setPolicyFragment(FRAGMENT);
        node.proposals.add(proposal);
    }

    @Test
    void showsEachProposalWithItsOperationsAndThePolicyElementThatAppliesIt() {
        oneProposal();

        CannedSdctl.Result result = sdctl.run("placements");

        assertThat(result.exitCode()).isZero();
        assertThat(node.asked).containsExactly("placementProposals");
        assertThat(result.lines()).containsExactly(
                "StockQuotePortType <- OtherQuotesPortType ({urn:other}OtherQuotesPortType)",
                "  shared:  buy, getQuote",
                "  extra:   getDividend",
                "  missing: -",
                "  policy:  " + FRAGMENT);
    }

    @Test
    void printsTheProposalsAsJson() {
        oneProposal();

        JsonNode json = sdctl.run("-o", "json", "placements").json();

        assertThat(json).hasSize(1);
        assertThat(json.get(0).get("virtualPort").asText()).isEqualTo("StockQuotePortType");
        assertThat(json.get(0).get("extra").get(0).asText()).isEqualTo("getDividend");
        assertThat(json.get(0).get("missing")).isEmpty();
        assertThat(json.get(0).get("policyFragment").asText()).isEqualTo(FRAGMENT);
    }

    @Test
    void aNodeWithNothingToProposeSaysSo() {
        assertThat(sdctl.run("placements").out().strip()).isEqualTo("(no placement to propose)");
    }
}
