package org.servicedomain.node.placement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.namespace.QName;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.catalog.PlacedInstance;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.xml.XmlText;

/**
 * The placements the node proposes, computed on demand from one catalog snapshot: for every two
 * virtual ports of different port types, one SOAP version and an operation in common, the one with
 * more operations (then more instances, then the one created first) absorbs the other.
 */
public final class PlacementProposals {

    /**
     * One proposed placement: {@code placedPortType}, now behind {@code placedPort}, joins {@code port}.
     *
     * @param shared the port's operations both have
     * @param extra the placed port type's own operations, which the port would offer too
     * @param missing the port's operations the placed port type lacks, never sent to its instances
     */
    public record Proposal(String port, QName portType, String placedPort, QName placedPortType, Set<String> shared,
            Set<String> extra, Set<String> missing) {

        /** The {@code virtualPort} element of a policy that applies the placement. */
        public String policyFragment() {
            return "<virtualPort name=\"" + XmlText.escape(port) + "\"><compatiblePortType name=\""
                    + XmlText.escape(placedPortType.toString()) + "\"/></virtualPort>";
        }
    }

    private PlacementProposals() {
    }

    /** The proposals for the ports of {@code catalog} (in the order they were created), by absorbing port and then placed port. */
    public static List<Proposal> of(CatalogSnapshot catalog) {
        List<VirtualPort> ports = new ArrayList<>(catalog.ports());
        List<Proposal> proposals = new ArrayList<>();
        for (int i = 0; i < ports.size(); i++) {
            for (int j = i + 1; j < ports.size(); j++) {
                VirtualPort first = ports.get(i);
                VirtualPort second = ports.get(j);
                if (first.portType().equals(second.portType()) || first.soapVersion() != second.soapVersion()) {
                    continue;
                }
                boolean firstAbsorbs = absorbs(catalog, first, second);
                Proposal proposal = proposal(firstAbsorbs ? first : second, firstAbsorbs ? second : first);
                if (!proposal.shared().isEmpty()) {
                    proposals.add(proposal);
                }
            }
        }
        proposals.sort(Comparator.comparing(Proposal::port).thenComparing(Proposal::placedPort));
        return proposals;
    }

    private static boolean absorbs(CatalogSnapshot catalog, VirtualPort first, VirtualPort second) {
        int byOperations = Integer.compare(first.operationsByElement().size(), second.operationsByElement().size());
        if (byOperations != 0) {
            return byOperations > 0;
        }
        int byInstances = Integer.compare(catalog.instancesOf(first.name()).size(), catalog.instancesOf(second.name()).size());
        return byInstances >= 0; // on a tie, the port that was there first, which clients are bound to already
    }

    private static Proposal proposal(VirtualPort port, VirtualPort placed) {
        Map<QName, QName> shared = PlacedInstance.between(port, placed.operationsByElement(), Map.of()).elements();
        Set<String> sharedNames = new TreeSet<>();
        Set<String> missing = new TreeSet<>();
        port.operationsByElement().forEach((element, name) -> (shared.containsKey(element) ? sharedNames : missing).add(name));
        Set<String> extra = new TreeSet<>();
        placed.operationsByElement().forEach((element, name) -> {
            if (!shared.containsValue(element)) {
                extra.add(name);
            }
        });
        return new Proposal(port.name(), port.portType(), placed.name(), placed.portType(), sharedNames, extra, missing);
    }
}
