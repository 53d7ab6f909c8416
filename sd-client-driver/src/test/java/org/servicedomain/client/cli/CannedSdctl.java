package org.servicedomain.client.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * sdctl run in-process, as its main would, against a {@link CannedNode}: one operator with a config
 * directory of their own ({@code XDG_CONFIG_HOME}, made for each test and removed after it), whose
 * commands name the canned node with {@code --node} unless the test says otherwise. Registered
 * with {@code @RegisterExtension}.
 */
final class CannedSdctl implements BeforeEachCallback, AfterEachCallback {

    /** What one command line gave. */
    record Result(int exitCode, String out, String err) {

        /** The output as JSON; fails the test unless the command succeeded. */
        JsonNode json() {
            if (exitCode != 0) {
                throw new AssertionError("the command failed: " + this);
            }
            try {
                return new ObjectMapper().readTree(out);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + out, e);
            }
        }

        /** The output's lines. */
        List<String> lines() {
            return out.lines().toList();
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
        }
    }

    private final CannedNode node = new CannedNode();
    private Path configHome;

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        configHome = Files.createTempDirectory("sdctl-config-");
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        try (Stream<Path> made = Files.walk(configHome)) {
            for (Path p : made.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** The node this operator's commands reach. */
    CannedNode node() {
        return node;
    }

    /** Where this operator's config directory is. */
    Path configHome() {
        return configHome;
    }

    /** This operator with {@code user}'s session at the canned node kept, as a login leaves it. */
    CannedSdctl keeping(String user, String sessionId) {
        return keeping(CannedNode.ADDRESS, user, sessionId);
    }

    /** This operator with {@code user}'s session at {@code address} kept. */
    CannedSdctl keeping(String address, String user, String sessionId) {
        try {
            new SessionFile(SessionFile.directory(env())).put(new SessionFile.Saved(address, user, sessionId, "staff",
                    List.of("administrator")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** Runs {@code args} on the canned node. */
    Result run(String... args) {
        return runWithInput("", args);
    }

    /** Runs {@code args} on the canned node with {@code stdin} as standard input (e.g. a password line). */
    Result runWithInput(String stdin, String... args) {
        List<String> line = new ArrayList<>(List.of("--node", CannedNode.ADDRESS));
        line.addAll(List.of(args));
        return runAsTyped(stdin, line.toArray(String[]::new));
    }

    /** Runs {@code args} as typed, naming no node unless they do. */
    Result runAsTyped(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Sdctl sdctl = new Sdctl(new PrintWriter(out, true, StandardCharsets.UTF_8), new PrintWriter(err, true, StandardCharsets.UTF_8),
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), env());
        sdctl.nodes = address -> {
            if (!address.toString().equals(CannedNode.ADDRESS)) {
                throw new AssertionError("sdctl called " + address + ", not the canned node");
            }
            return node;
        };
        int code = Sdctl.execute(sdctl, args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Map<String, String> env() {
        return Map.of("XDG_CONFIG_HOME", configHome.toString());
    }
}
