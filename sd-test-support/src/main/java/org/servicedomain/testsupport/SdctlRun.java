package org.servicedomain.testsupport;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.cli.Sdctl;

/**
 * Runs sdctl in-process, as its jar's main would, with captured output and an environment of its own:
 * a config directory ({@code XDG_CONFIG_HOME}) private to the test, so kept sessions never touch the
 * user's. One instance is one operator at one terminal.
 */
public final class SdctlRun {

    /** What one sdctl command line gave. */
    public record Result(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
        }
    }

    private final Path configHome;
    private final Map<String, String> env = new HashMap<>();

    public SdctlRun(Path configHome) {
        this.configHome = configHome;
        env.put("XDG_CONFIG_HOME", configHome.toString());
    }

    /** A run in a fresh temporary config directory. */
    public static SdctlRun inTemporaryConfig() {
        try {
            return new SdctlRun(Files.createTempDirectory("sdctl-config-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A run in {@code configHome} whose operator is signed in to the node at {@code node} as {@code root},
     * an administrator this makes with {@code password} (on a node without users, as its first).
     */
    public static SdctlRun signedInAsAdministrator(Path configHome, URI node, String password) {
        NodeClient.connect(node).setUser(new NodeClient.UserEntry("root", password, "staff", List.of(), List.of("administrator")));
        SdctlRun sdctl = new SdctlRun(configHome);
        Result login = sdctl.runWithInput(password + "\n", "--node", node.toString(), "--user", "root", "login");
        if (login.exitCode() != 0) {
            throw new AssertionError("sdctl login failed: " + login);
        }
        return sdctl;
    }

    /** The directory sdctl keeps its sessions in. */
    public Path configDir() {
        return configHome.resolve("sdctl");
    }

    /** This operator's environment with {@code name=value} set too (e.g. {@code SDCTL_NODE}). */
    public SdctlRun withEnv(String name, String value) {
        env.put(name, value);
        return this;
    }

    public Result run(String... args) {
        return runWithInput("", args);
    }

    /** Runs {@code args} with {@code stdin} as standard input (e.g. a password line). */
    public Result runWithInput(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Sdctl.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), Map.copyOf(env));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
