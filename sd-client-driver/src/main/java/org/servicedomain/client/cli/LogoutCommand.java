package org.servicedomain.client.cli;

import java.util.Map;
import org.servicedomain.client.NodeClientException;
import picocli.CommandLine.Command;

/** Ends the kept session on the node and forgets it. */
@Command(name = "logout", mixinStandardHelpOptions = true, description = "Ends the kept session on the node and forgets it.")
final class LogoutCommand extends NodeCommand {

    @Override
    int run() throws Exception {
        String node = nodeAddress();
        SessionFile.Saved saved = session(node).orElseThrow(() -> usage("no kept session for " + node));
        try {
            connect(node).logout(saved.sessionId());
        } catch (NodeClientException e) {
            if (!"NotAuthorized".equals(e.code())) {
                throw e; // an expired session is forgotten all the same
            }
        }
        sessions().remove(saved.node(), saved.user());
        if (json()) {
            printJson(Map.of("node", node, "user", saved.user(), "loggedOut", true));
        } else {
            out().println("logged out " + saved.user() + " from " + node);
        }
        return 0;
    }
}
