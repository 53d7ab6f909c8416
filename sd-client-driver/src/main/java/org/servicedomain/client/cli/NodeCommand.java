package org.servicedomain.client.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.servicedomain.client.NodeClient;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What every sdctl command shares: the node and kept session the global options choose, and output
 * either as a table or as JSON. A command answers its exit code from {@link #run()}.
 */
abstract class NodeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() throws Exception {
        return run();
    }

    abstract int run() throws Exception;

    Sdctl root() {
        return (Sdctl) spec.root().userObject();
    }

    PrintWriter out() {
        return root().out;
    }

    boolean json() {
        return root().format == Sdctl.Format.json;
    }

    /** The node's base address: --node, else $SDCTL_NODE, else the node of the latest kept session. */
    String nodeAddress() {
        Sdctl root = root();
        if (root.node != null && !root.node.isBlank()) {
            return root.node;
        }
        String fromEnv = root.env.get(Sdctl.NODE_VARIABLE);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv;
        }
        return session(null).map(SessionFile.Saved::node).orElseThrow(() -> usage(
                "no node given: use --node URL, set " + Sdctl.NODE_VARIABLE + ", or log in first"));
    }

    SessionFile sessions() {
        return new SessionFile(SessionFile.directory(root().env));
    }

    /** The kept session for {@code node} (any node when null) and --user, if there is one. */
    Optional<SessionFile.Saved> session(String node) {
        try {
            return sessions().find(node, root().user);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the kept sessions: " + e.getMessage(), e);
        }
    }

    /**
     * A client of the chosen node, in the kept session for it (anonymous when there is none). With
     * --user there must be a kept session of that user: a silent anonymous call would be refused, or
     * worse, succeed as the bootstrap caller, instead of saying that the user is not logged in.
     */
    NodeClient client() {
        String node = nodeAddress();
        NodeClient client = connect(node);
        Optional<SessionFile.Saved> kept = session(node);
        String user = root().user;
        if (kept.isEmpty() && user != null && !user.isBlank()) {
            throw usage("no kept session of user " + user + " for " + node + ": log in first with sdctl --node " + node
                    + " --user " + user + " login");
        }
        kept.ifPresent(s -> root().sessionInUse = s);
        return kept.map(s -> client.withSession(s.sessionId())).orElse(client);
    }

    /** A client of the node at {@code node}, without a session; a usage error when it is not a node's address. */
    NodeClient connect(String node) {
        return root().nodes.apply(uri(node));
    }

    URI uri(String node) {
        try {
            URI uri = URI.create(node);
            if (uri.getScheme() == null || !uri.getScheme().startsWith("http") || uri.getHost() == null) {
                throw usage("not a node address (http://host:port/sd): " + node);
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw usage("not a node address (http://host:port/sd): " + node);
        }
    }

    CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /** Prints {@code value} as JSON. */
    void printJson(Object value) throws JsonProcessingException {
        out().println(root().json.writeValueAsString(value));
        out().flush();
    }

    /** A file's text, or standard input's for {@code -}. */
    String readText(String file) throws IOException {
        if ("-".equals(file)) {
            StringBuilder text = new StringBuilder();
            for (String line = root().in.readLine(); line != null; line = root().in.readLine()) {
                text.append(line).append('\n');
            }
            return text.toString();
        }
        Path path = Path.of(file);
        if (!Files.isRegularFile(path)) {
            throw usage("no such file: " + file);
        }
        return Files.readString(path, StandardCharsets.UTF_8);
    }

    /** A password: read without echo from the console when there is one, else the first line of standard input. */
    String readPassword(String prompt) throws IOException {
        java.io.Console console = System.console();
        if (console != null && root().interactive) {
            char[] typed = console.readPassword("%s", prompt);
            if (typed == null) {
                throw usage("no password given");
            }
            return new String(typed);
        }
        String line = root().in.readLine();
        if (line == null || line.isEmpty()) {
            throw usage("no password given on standard input");
        }
        return line;
    }
}
