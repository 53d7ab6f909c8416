package org.servicedomain.client.cli;

import java.util.List;
import org.servicedomain.home.v1.PlacementProposal;
import picocli.CommandLine.Command;

/** The placements the node proposes: which virtual port could absorb which, and the policy that does it (docs/admin-guide.md). */
@Command(name = "placements", mixinStandardHelpOptions = true,
        description = {"Lists the placements the node proposes (administrators): for virtual ports of different",
                "port types whose operations overlap, the port that would absorb the other, the operations they share,",
                "the placed port type adds and lacks, and the policy element that applies it."})
final class PlacementsCommand extends NodeCommand {

    /** One proposal as sdctl prints it. */
    record PlacementRow(String virtualPort, String portType, String placedVirtualPort, String placedPortType,
            List<String> shared, List<String> extra, List<String> missing, String policyFragment) {
        static PlacementRow of(PlacementProposal p) {
            return new PlacementRow(p.getVirtualPort(), p.getPortType(), p.getPlacedVirtualPort(), p.getPlacedPortType(),
                    p.getSharedOperation(), p.getExtraOperation(), p.getMissingOperation(), p.getPolicyFragment());
        }
    }

    @Override
    int run() throws Exception {
        List<PlacementRow> rows = client().placementProposals().stream().map(PlacementRow::of).toList();
        if (json()) {
            printJson(rows);
            return 0;
        }
        if (rows.isEmpty()) {
            out().println("(no placement to propose)");
            return 0;
        }
        for (PlacementRow row : rows) {
            out().println(row.virtualPort() + " <- " + row.placedVirtualPort() + " (" + row.placedPortType() + ")");
            out().println("  shared:  " + listed(row.shared()));
            out().println("  extra:   " + listed(row.extra()));
            out().println("  missing: " + listed(row.missing()));
            out().println("  policy:  " + row.policyFragment());
        }
        return 0;
    }

    private static String listed(List<String> operations) {
        return operations.isEmpty() ? "-" : String.join(", ", operations);
    }
}
