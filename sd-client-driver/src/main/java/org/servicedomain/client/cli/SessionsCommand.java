package org.servicedomain.client.cli;

import java.util.ArrayList;
import java.util.List;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.SessionInfo;
import picocli.CommandLine.Command;

/**
 * The sessions sdctl keeps, each checked against its node: open (with its number of recent calls)
 * or ended. The home port has no operation that lists every open session of a node, so this lists
 * sdctl's own.
 */
@Command(name = "sessions", mixinStandardHelpOptions = true,
        description = {"Lists the sessions sdctl keeps and whether each is still open on its node.",
                "(The home port cannot list all of a node's sessions.)"})
final class SessionsCommand extends NodeCommand {

    record SessionRow(String node, String user, String userLevel, List<String> roles, String state, Integer recentCalls) {
    }

    @Override
    int run() throws Exception {
        List<SessionRow> rows = new ArrayList<>();
        for (SessionFile.Saved s : sessions().all()) {
            if (root().node != null && !SessionFile.sameNode(s.node(), root().node)) {
                continue;
            }
            String state;
            Integer calls = null;
            try {
                SessionInfo info = NodeClient.connect(uri(s.node())).withSession(s.sessionId()).sessionActivity(s.sessionId());
                state = "open";
                calls = info == null ? 0 : info.getEntry().size();
            } catch (NodeClientException e) {
                state = e.isUnreachable() ? "unreachable" : "ended";
            }
            rows.add(new SessionRow(s.node(), s.user(), s.userLevel(), s.roles(), state, calls));
        }
        if (json()) {
            printJson(rows);
            return 0;
        }
        Table table = new Table("NODE", "USER", "LEVEL", "ROLES", "STATE", "RECENT-CALLS");
        rows.forEach(r -> table.row(r.node(), r.user(), r.userLevel(), String.join(" ", r.roles()), r.state(), r.recentCalls()));
        table.print(out());
        return 0;
    }
}
