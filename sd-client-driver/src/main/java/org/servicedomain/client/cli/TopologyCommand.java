package org.servicedomain.client.cli;

import java.io.PrintWriter;
import java.util.List;
import org.servicedomain.home.v1.NodeInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The tree of nodes below the node, as its last discovery poll saw them (or a fresh poll with --poll). */
@Command(name = "topology", mixinStandardHelpOptions = true,
        description = "Shows the tree of child nodes below the node, with their ports and instances.")
final class TopologyCommand extends NodeCommand {

    record NodeRow(String name, String nodeId, String address, String state, int ports, int instances, List<NodeRow> children) {
        static NodeRow of(NodeInfo n) {
            return new NodeRow(n.getName(), n.getNodeId(), n.getAddress(), n.getState(), n.getVirtualPort().size(),
                    n.getInstance().size(), n.getChild().stream().map(NodeRow::of).toList());
        }
    }

    @Option(names = "--poll", description = "Poll every node below first, as the discovery timer would.")
    boolean poll;

    @Override
    int run() throws Exception {
        NodeRow tree = NodeRow.of(poll ? client().poll() : client().topology());
        if (json()) {
            printJson(tree);
            return 0;
        }
        print(out(), tree, "", "");
        out().flush();
        return 0;
    }

    private static void print(PrintWriter out, NodeRow node, String lead, String childLead) {
        out.println(lead + node.name() + "  " + node.address() + "  " + node.state() + "  ports=" + node.ports()
                + " instances=" + node.instances());
        for (int i = 0; i < node.children().size(); i++) {
            boolean last = i == node.children().size() - 1;
            print(out, node.children().get(i), childLead + (last ? "└── " : "├── "), childLead + (last ? "    " : "│   "));
        }
    }
}
