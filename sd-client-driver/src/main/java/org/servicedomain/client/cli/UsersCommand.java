package org.servicedomain.client.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.servicedomain.client.NodeClient;
import org.servicedomain.home.v1.UserInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The node's user directory: list, create or change, remove, and set a password. Administrators only. */
@Command(name = "users", mixinStandardHelpOptions = true, description = "Lists and changes the node's users.",
        subcommands = {UsersCommand.ListUsers.class, UsersCommand.SetUser.class, UsersCommand.Remove.class,
                UsersCommand.Passwd.class})
final class UsersCommand extends NodeCommand {

    record UserRow(String name, String userLevel, List<String> designated, List<String> roles) {
        static UserRow of(UserInfo u) {
            return new UserRow(u.getName(), u.getUserLevel(), List.copyOf(u.getDesignated()), List.copyOf(u.getRole()));
        }
    }

    @Override
    int run() {
        throw usage("users needs a subcommand: list, set, remove or passwd");
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Lists the users (never their passwords).")
    static final class ListUsers extends NodeCommand {
        @Override
        int run() throws Exception {
            List<UserRow> users = client().users().stream().map(UserRow::of).toList();
            if (json()) {
                printJson(users);
                return 0;
            }
            Table table = new Table("USER", "LEVEL", "ROLES", "DESIGNATED");
            users.forEach(u -> table.row(u.name(), u.userLevel(), String.join(" ", u.roles()), String.join(" ", u.designated())));
            table.print(out());
            return 0;
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = {"Creates a user or replaces one; a new user needs --password.",
                    "The password is asked for on the terminal, or read as the first line of standard input."})
    static final class SetUser extends NodeCommand {

        @Parameters(paramLabel = "NAME")
        String name;

        @Option(names = "--level", required = true, paramLabel = "USER_LEVEL", description = "The user level.")
        String level;

        @Option(names = "--role", paramLabel = "ROLE", description = "administrator, provider or user (repeatable).")
        List<String> roles = new ArrayList<>();

        @Option(names = "--designated", paramLabel = "PROVIDER", description = "A designated provider (repeatable).")
        List<String> designated = new ArrayList<>();

        @Option(names = "--password", description = "Set a password (asked for; without it an existing user keeps theirs).")
        boolean password;

        @Override
        int run() throws Exception {
            String secret = password ? readPassword("Password for " + name + ": ") : null;
            client().setUser(new NodeClient.UserEntry(name, secret, level, designated, roles));
            if (json()) {
                printJson(new UserRow(name, level, designated, roles));
            } else {
                out().println("set user " + name);
            }
            return 0;
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true, description = "Removes a user and ends their sessions.")
    static final class Remove extends NodeCommand {

        @Parameters(paramLabel = "NAME")
        String name;

        @Override
        int run() throws Exception {
            boolean removed = client().removeUser(name);
            if (json()) {
                printJson(Map.of("user", name, "removed", removed));
            } else {
                out().println(removed ? "removed " + name : "no user " + name);
            }
            return 0;
        }
    }

    @Command(name = "passwd", mixinStandardHelpOptions = true,
            description = {"Sets a user's password, keeping their level, roles and designated providers; ends their sessions.",
                    "The password is asked for on the terminal, or read as the first line of standard input."})
    static final class Passwd extends NodeCommand {

        @Parameters(paramLabel = "NAME")
        String name;

        @Override
        int run() throws Exception {
            NodeClient client = client();
            UserInfo user = client.users().stream().filter(u -> u.getName().equals(name)).findFirst()
                    .orElseThrow(() -> new org.servicedomain.client.NodeClientException("BadRequest",
                            "the node has no user " + name, List.of(), null));
            String secret = readPassword("New password for " + name + ": ");
            client.setUser(new NodeClient.UserEntry(name, secret, user.getUserLevel(), user.getDesignated(), user.getRole()));
            if (json()) {
                printJson(Map.of("user", name, "passwordChanged", true));
            } else {
                out().println("password of " + name + " changed");
            }
            return 0;
        }
    }
}
