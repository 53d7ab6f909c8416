package org.servicedomain.client.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.logging.Level;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * {@code sdctl}: a node's home port from the command line, for operators and scripts. Tables for
 * people, {@code -o json} for scripts; exit 0 when done, 1 when the node refused (its fault code is
 * printed) or could not be reached, 2 for a usage error.
 */
@Command(name = "sdctl", mixinStandardHelpOptions = true, versionProvider = Sdctl.Version.class,
        description = "Runs a service-domain node through its home port.",
        subcommands = {LoginCommand.class, LogoutCommand.class, StatusCommand.class, InstancesCommand.class, PortsCommand.class,
                PolicyCommand.class, UsersCommand.class, SessionsCommand.class, TopologyCommand.class,
                StatsCommand.class, EventsCommand.class, QosPlanCommand.class, BillCommand.class, DomainCommand.class, PlacementsCommand.class,
                CompletionCommand.class, CommandLine.HelpCommand.class},
        footer = {"", "The node is --node, else $SDCTL_NODE, else the one last logged in to.",
                "Exit codes: 0 done, 1 refused by the node (its fault code is printed) or unreachable, 2 usage."})
public final class Sdctl {

    /** Where the node is named in the environment. */
    public static final String NODE_VARIABLE = "SDCTL_NODE";
    public static final int REFUSED = 1;

    /** How results are printed. */
    enum Format { table, json }

    @Option(names = "--node", scope = ScopeType.INHERIT, paramLabel = "URL",
            description = "The node's base address, e.g. http://localhost:8080/sd (default: $SDCTL_NODE, else the last login).")
    String node;

    @Option(names = "--user", scope = ScopeType.INHERIT, paramLabel = "NAME",
            description = "Whose kept session to use (default: the latest for the node); the user to log in as for login.")
    String user;

    @Option(names = {"-o", "--output"}, scope = ScopeType.INHERIT, paramLabel = "FORMAT", defaultValue = "table",
            description = "table (default) or json.")
    Format format;

    final PrintWriter out;
    final PrintWriter err;
    final BufferedReader in;
    final Map<String, String> env;
    /** The kept session the command's calls carry, once it has chosen one; null for an anonymous call. */
    SessionFile.Saved sessionInUse;
    /** Whether standard input is the terminal's, so that passwords may be asked for without echo. */
    boolean interactive;
    /** How a command reaches the node at an address: its home port's client (in tests, a canned node). */
    Function<URI, NodeClient> nodes = NodeClient::connect;
    final ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    Sdctl(PrintWriter out, PrintWriter err, InputStream in, Map<String, String> env) {
        this.out = out;
        this.err = err;
        this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        this.env = env;
    }

    public static void main(String[] args) {
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "org/servicedomain/client/cli/sdctl-logback.xml");
        }
        java.util.logging.Logger.getLogger("").setLevel(Level.WARNING);
        PrintWriter o = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter e = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        Sdctl sdctl = new Sdctl(o, e, System.in, System.getenv());
        sdctl.interactive = true;
        System.exit(execute(sdctl, args));
    }

    /** Runs one command line with these streams and environment; answers the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err, InputStream in, Map<String, String> env) {
        PrintWriter o = new PrintWriter(out, true, StandardCharsets.UTF_8);
        PrintWriter e = new PrintWriter(err, true, StandardCharsets.UTF_8);
        return execute(new Sdctl(o, e, in, env), args);
    }

    /** Runs one command line with {@code sdctl}'s streams, environment and way to the node; answers the exit code. */
    static int execute(Sdctl sdctl, String[] args) {
        CommandLine cli = commandLine(sdctl);
        cli.setOut(sdctl.out).setErr(sdctl.err);
        int code = cli.execute(args);
        sdctl.out.flush();
        sdctl.err.flush();
        return code;
    }

    static CommandLine commandLine(Sdctl sdctl) {
        CommandLine cli = new CommandLine(sdctl);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setExecutionExceptionHandler((ex, line, parsed) -> {
            PrintWriter err = line.getErr();
            if (ex instanceof NodeClientException refused) {
                err.println("sdctl: " + refused.code() + ": " + refused.getMessage() + endedSessionHint(sdctl, refused));
            } else if (ex instanceof UncheckedIOException || ex instanceof IOException) {
                err.println("sdctl: " + ex.getMessage());
            } else {
                err.println("sdctl: failed: " + ex);
            }
            err.flush();
            return REFUSED;
        });
        return cli;
    }

    /**
     * What to do when the node no longer knows the kept session the call carried (it expired, was
     * logged out, or ended when the user's password was changed): log in again; else nothing.
     */
    static String endedSessionHint(Sdctl sdctl, NodeClientException refused) {
        SessionFile.Saved used = sdctl.sessionInUse;
        if (used == null || !"NotAuthorized".equals(refused.code()) || refused.getMessage() == null
                || !refused.getMessage().contains("unknown or expired session")) {
            return "";
        }
        return System.lineSeparator() + "sdctl: the kept session of " + used.user() + " at " + used.node()
                + " has ended (idle too long, logged out, or ended by a password change or removal of the user);"
                + " log in again: sdctl --node " + used.node() + " --user " + used.user() + " login";
    }

    /** sdctl's version, from the properties the build wrote. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            return new String[] {"sdctl " + version()};
        }

        static String version() throws IOException {
            Properties p = new Properties();
            try (InputStream in = Sdctl.class.getResourceAsStream("sdctl-version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return p.getProperty("version", "unknown");
        }
    }
}
