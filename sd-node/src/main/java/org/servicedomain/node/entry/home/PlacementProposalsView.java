package org.servicedomain.node.entry.home;

import org.servicedomain.home.v1.GetPlacementProposalsResponse;
import org.servicedomain.home.v1.PlacementProposal;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.placement.PlacementProposals;

/** How the home port answers {@code getPlacementProposals}: the node's proposals as the home port's types. */
final class PlacementProposalsView {

    private PlacementProposalsView() {
    }

    static GetPlacementProposalsResponse of(CatalogSnapshot catalog) {
        GetPlacementProposalsResponse response = new GetPlacementProposalsResponse();
        for (PlacementProposals.Proposal p : PlacementProposals.of(catalog)) {
            PlacementProposal proposal = new PlacementProposal();
            proposal.setVirtualPort(p.port());
            proposal.setPortType(p.portType().toString());
            proposal.setPlacedVirtualPort(p.placedPort());
            proposal.setPlacedPortType(p.placedPortType().toString());
            proposal.getSharedOperation().addAll(p.shared());
            proposal.getExtraOperation().addAll(p.extra());
            proposal.getMissingOperation().addAll(p.missing());
            proposal.setPolicyFragment(p.policyFragment());
            response.getProposal().add(proposal);
        }
        return response;
    }
}
