package org.servicedomain.client.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import org.servicedomain.client.NodeClient;
import picocli.CommandLine.Command;

/** Signs in and keeps the session in the config directory for the commands that follow. */
@Command(name = "login", mixinStandardHelpOptions = true,
        description = {"Logs in to the node as --user and keeps the session (owner-only file in the config directory).",
                "The password is asked for on the terminal, or read as the first line of standard input."})
final class LoginCommand extends NodeCommand {

    @Override
    int run() throws Exception {
        String user = root().user;
        if (user == null || user.isBlank()) {
            throw usage("login needs --user NAME");
        }
        String node = nodeAddress();
        String password = readPassword("Password for " + user + " at " + node + ": ");
        NodeClient.SignedIn signedIn = connect(node).login(user, password);
        sessions().put(new SessionFile.Saved(node, signedIn.user(), signedIn.sessionId(), signedIn.userLevel(),
                signedIn.roles()));
        if (json()) {
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("node", node);
            result.put("user", signedIn.user());
            result.put("userLevel", signedIn.userLevel());
            result.put("roles", signedIn.roles());
            printJson(result);
        } else {
            out().println("logged in to " + node + " as " + signedIn.user() + " (level " + signedIn.userLevel()
                    + (signedIn.roles().isEmpty() ? "" : ", roles " + String.join(", ", signedIn.roles())) + ")");
        }
        return 0;
    }
}
