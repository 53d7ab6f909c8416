package org.servicedomain.client.cli;

import java.util.List;
import java.util.Map;
import org.servicedomain.client.NodeClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** The node's policy: read, set, validate, compare and roll back versions, and preview a candidate's impact. */
@Command(name = "policy", mixinStandardHelpOptions = true,
        description = "Reads, sets, validates, compares, rolls back and previews policies.",
        subcommands = {PolicyCommand.Get.class, PolicyCommand.Set.class, PolicyCommand.Validate.class,
                PolicyCommand.Diff.class, PolicyCommand.Rollback.class, PolicyImpactCommand.class})
final class PolicyCommand extends NodeCommand {

    record Applied(long version, List<String> warnings) {
    }

    @Override
    int run() {
        throw usage("policy needs a subcommand: get, set, validate, diff, rollback or impact");
    }

    static void printApplied(NodeCommand command, String verb, NodeClient.PolicyCheck check) throws Exception {
        if (command.json()) {
            command.printJson(new Applied(check.version(), check.warnings()));
            return;
        }
        command.out().println(verb + " version " + check.version());
        check.warnings().forEach(w -> command.out().println("warning: " + w));
    }

    @Command(name = "get", mixinStandardHelpOptions = true, description = "Prints the active policy document, or a kept version.")
    static final class Get extends NodeCommand {

        @Parameters(arity = "0..1", paramLabel = "V", description = "A kept version instead of the active one.")
        Long version;

        @Override
        int run() throws Exception {
            NodeClient.PolicyVersion policy = client().getPolicy(version);
            if (json()) {
                printJson(Map.of("version", policy.version(), "document", policy.document()));
            } else {
                out().print(policy.document().endsWith("\n") ? policy.document() : policy.document() + "\n");
                out().flush();
            }
            return 0;
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true, description = "Validates, saves and activates a policy document.")
    static final class Set extends NodeCommand {

        @Parameters(paramLabel = "FILE", description = "The policy document (- for standard input).")
        String file;

        @Override
        int run() throws Exception {
            printApplied(this, "active:", client().applyPolicy(readText(file)));
            return 0;
        }
    }

    @Command(name = "validate", mixinStandardHelpOptions = true,
            description = "Validates a policy document as set would, without saving or activating it.")
    static final class Validate extends NodeCommand {

        @Parameters(paramLabel = "FILE", description = "The policy document (- for standard input).")
        String file;

        @Override
        int run() throws Exception {
            printApplied(this, "valid: would be", client().checkPolicy(readText(file)));
            return 0;
        }
    }

    @Command(name = "diff", mixinStandardHelpOptions = true, description = "Compares two kept policy versions line by line.")
    static final class Diff extends NodeCommand {

        @Parameters(index = "0", paramLabel = "V1")
        long from;

        @Parameters(index = "1", paramLabel = "V2")
        long to;

        @Override
        int run() throws Exception {
            NodeClient client = client();
            List<LineDiff.Line> lines = LineDiff.of(client.getPolicy(from).document(), client.getPolicy(to).document());
            if (json()) {
                printJson(Map.of("from", from, "to", to, "lines", lines));
                return 0;
            }
            out().println("--- version " + from);
            out().println("+++ version " + to);
            lines.forEach(l -> out().println(l.change() + l.text()));
            out().flush();
            return 0;
        }
    }

    @Command(name = "rollback", mixinStandardHelpOptions = true,
            description = "Sets a kept earlier version again; it becomes active under a new version number.")
    static final class Rollback extends NodeCommand {

        @Parameters(paramLabel = "V")
        long version;

        @Override
        int run() throws Exception {
            NodeClient client = client();
            printApplied(this, "version " + version + " active again as", client.applyPolicy(client.getPolicy(version).document()));
            return 0;
        }
    }
}
