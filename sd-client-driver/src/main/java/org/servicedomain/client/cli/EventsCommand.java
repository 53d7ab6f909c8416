package org.servicedomain.client.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The node's events. A node has no event feed to follow today: it writes its events to its log and
 * POSTs them to the policy's notify URL (settings/@notifyUrl). This command says so and fails, so
 * that a script does not mistake silence for a quiet node.
 */
@Command(name = "events", mixinStandardHelpOptions = true,
        description = {"Follows the node's events, once the node offers a feed.",
                "Today's nodes have none: their events go to the node's log and to the policy's notify URL."})
final class EventsCommand extends NodeCommand {

    @Option(names = "--follow", description = "Keep printing events as they come.")
    boolean follow;

    @Override
    int run() {
        root().err.println("sdctl: NotSupported: the node at " + nodeAddress() + " has no event feed; its events go to its"
                + " log and are POSTed to the policy's notify URL (settings/@notifyUrl)");
        root().err.flush();
        return Sdctl.REFUSED;
    }
}
