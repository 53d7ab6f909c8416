package org.servicedomain.client.cli;

import java.util.ArrayList;
import java.util.List;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.SessionInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The node's open sessions as an administrator sees them through the home port's getSessions (user,
 * level, opened and last used, and only a prefix of each id); with {@code --kept}, the sessions sdctl
 * itself keeps, each checked against its node: open (with its number of recent calls) or ended.
 */
@Command(name = "sessions", mixinStandardHelpOptions = true,
        description = {"Lists the node's open sessions (administrators; ids shown by their first characters only).",
                "--kept lists the sessions sdctl keeps instead, and whether each is still open on its node."})
final class SessionsCommand extends NodeCommand {

    record SessionRow(String node, String user, String userLevel, List<String> roles, String state, Integer recentCalls) {
    }

    record OpenSession(String idPrefix, String user, String userLevel, String createdAt, String lastUsedAt, boolean own) {
    }

    @Option(names = "--kept", description = "List the sessions sdctl keeps, not the node's.")
    boolean kept;

    @Override
    int run() throws Exception {
        if (!kept) {
            return nodeSessions();
        }
        return keptSessions();
    }

    private int nodeSessions() throws Exception {
        List<OpenSession> open = client().openSessions().stream().map(s -> new OpenSession(s.getIdPrefix(), s.getUser(),
                s.getUserLevel(), s.getCreatedAt() == null ? null : s.getCreatedAt().toGregorianCalendar().toInstant().toString(),
                s.getLastUsedAt().toGregorianCalendar().toInstant().toString(), s.isOwn())).toList();
        if (json()) {
            printJson(open);
            return 0;
        }
        Table table = new Table("ID", "USER", "LEVEL", "CREATED", "LAST-USED", "");
        open.forEach(s -> table.row(s.idPrefix() + "...", s.user(), s.userLevel(), s.createdAt(), s.lastUsedAt(),
                s.own() ? "(this sdctl)" : ""));
        table.print(out());
        return 0;
    }

    private int keptSessions() throws Exception {
        List<SessionRow> rows = new ArrayList<>();
        for (SessionFile.Saved s : sessions().all()) {
            if (root().node != null && !SessionFile.sameNode(s.node(), root().node)) {
                continue;
            }
            String state;
            Integer calls = null;
            try {
                SessionInfo info = connect(s.node()).withSession(s.sessionId()).sessionActivity(s.sessionId());
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
