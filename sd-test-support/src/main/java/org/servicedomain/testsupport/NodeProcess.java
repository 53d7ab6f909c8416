package org.servicedomain.testsupport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.servicedomain.client.HomeClient;
import org.servicedomain.home.v1.HomePortType;

/**
 * The node launcher in a separate JVM, for what only a process can show: {@code kill -9} in the
 * middle of a write, and a clean stop on SIGTERM.
 */
public final class NodeProcess implements AutoCloseable {

    private static final Pattern HOME_LINE = Pattern.compile("home port:\\s+(https?://\\S+)/services/home");
    private static final Pattern PORTS_LINE = Pattern.compile("virtual ports:\\s+(https?://\\S+)/services/ports/");

    private final Process process;
    private final Thread outputReader;
    private final URI baseUri;
    private final List<String> output;
    private final CompletableFuture<URI> virtualPortsBase;

    private NodeProcess(Process process, Thread outputReader, URI baseUri, List<String> output,
            CompletableFuture<URI> virtualPortsBase) {
        this.process = process;
        this.outputReader = outputReader;
        this.baseUri = baseUri;
        this.output = output;
        this.virtualPortsBase = virtualPortsBase;
    }

    /** Starts {@code NodeLauncher} on an ephemeral port over {@code dataDir}; returns once it is ready. */
    public static NodeProcess start(Path dataDir) {
        return start(dataDir, new String[0]);
    }

    /**
     * Starts {@code NodeLauncher} as {@link #start(Path)} does, with more launcher options (e.g. {@code --console WAR}).
     * The log goes to the process's output (option {@code --log-file console}) unless an option says otherwise;
     * with no load balancer in front, the process stops at once on SIGTERM ({@code --drain-delay-ms 0}) unless
     * an option says otherwise.
     */
    public static NodeProcess start(Path dataDir, String... moreOptions) {
        return start(dataDir, Map.of(), moreOptions);
    }

    /** As {@link #start(Path, String...)}, with {@code environment} added to the process's environment (e.g. {@code SD_PORT}). */
    public static NodeProcess start(Path dataDir, Map<String, String> environment, String... moreOptions) {
        return start(List.of("-cp", System.getProperty("java.class.path"), "org.servicedomain.node.launcher.NodeLauncher"),
                dataDir, environment, moreOptions);
    }

    /**
     * As {@link #start(Path, String...)}, but the built launcher jar ({@code sd-node-standalone.jar}) as an
     * operator runs it, with only the jar's own class path (no test resources).
     */
    public static NodeProcess startJar(Path launcherJar, Path dataDir, String... moreOptions) {
        return start(List.of("-jar", launcherJar.toString()), dataDir, Map.of(), moreOptions);
    }

    private static NodeProcess start(List<String> launcher, Path dataDir, Map<String, String> environment,
            String... moreOptions) {
        List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(launcher);
        command.addAll(List.of("--port", "0", "--host", "127.0.0.1", "--data-dir", dataDir.toString(), "--log-file", "console",
                "--drain-delay-ms", "0"));
        command.addAll(List.of(moreOptions));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        try {
            Process process = builder.start();
            List<String> output = new CopyOnWriteArrayList<>();
            CompletableFuture<URI> ready = new CompletableFuture<>();
            CompletableFuture<URI> ports = new CompletableFuture<>();
            Thread reader = new Thread(() -> readOutput(process, output, ready, ports), "node-process-output");
            reader.setDaemon(true);
            reader.start();
            try {
                return new NodeProcess(process, reader, ready.get(60, TimeUnit.SECONDS), output, ports);
            } catch (ExecutionException | TimeoutException e) {
                process.destroyForcibly();
                throw new IllegalStateException("the node process did not become ready; it printed: " + output, e);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the node process", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** How a process that was expected to stop ended: its exit code and everything it printed. */
    public record Exit(int code, List<String> output) {
    }

    /**
     * Runs {@code NodeLauncher} with exactly {@code options} and waits (up to {@code timeout}) for it
     * to stop by itself, as it does on a bad start; a process still running then is killed and fails.
     */
    public static Exit runToExit(java.time.Duration timeout, String... options) {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                "org.servicedomain.node.launcher.NodeLauncher"));
        command.addAll(List.of(options));
        return runToExit(new ProcessBuilder(command), timeout);
    }

    /** Runs {@code builder}'s command (output and errors together) until it stops by itself within {@code timeout}. */
    public static Exit runToExit(ProcessBuilder builder, java.time.Duration timeout) {
        try {
            Process process = builder.redirectErrorStream(true).start();
            List<String> output = new CopyOnWriteArrayList<>();
            Thread reader = new Thread(() -> readOutput(process, output, new CompletableFuture<>(), new CompletableFuture<>()), "process-output");
            reader.setDaemon(true);
            reader.start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new IllegalStateException("the process did not stop within " + timeout + "; it printed: " + output);
            }
            reader.join(10_000);
            return new Exit(process.exitValue(), List.copyOf(output));
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + builder.command(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void readOutput(Process process, List<String> output, CompletableFuture<URI> ready,
            CompletableFuture<URI> ports) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                output.add(line);
                Matcher m = HOME_LINE.matcher(line);
                if (m.find()) {
                    ready.complete(URI.create(m.group(1)));
                }
                Matcher p = PORTS_LINE.matcher(line);
                if (p.find()) {
                    ports.complete(URI.create(p.group(1)));
                }
            }
            ready.completeExceptionally(new IllegalStateException("the node process exited"));
            ports.completeExceptionally(new IllegalStateException("the node process exited"));
        } catch (IOException e) {
            ready.completeExceptionally(e);
            ports.completeExceptionally(e);
        }
    }

    public URI baseUri() {
        return baseUri;
    }

    /**
     * Where the process serves its virtual ports, as its start lines say ({@code http://localhost:N/sd}):
     * its data plane, or Tomcat's port with {@code --relay-port off}.
     */
    public URI virtualPortsBase() {
        try {
            return virtualPortsBase.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the node process named no virtual-port address; it printed: " + output, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    public HomePortType home() {
        return HomeClient.connect(baseUri);
    }

    /** SIGKILL: the process gets no chance to finish anything. */
    public void kill() {
        process.destroyForcibly();
        waitFor();
    }

    /** SIGTERM; returns the exit code once the process has stopped. */
    public int terminate() {
        // through the handle: Process.destroy() would also close our end of the output pipe
        process.toHandle().destroy();
        return waitFor();
    }

    private int waitFor() {
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the node process did not stop within 30 s");
            }
            outputReader.join(10_000);
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Everything the process printed so far. */
    public List<String> output() {
        return List.copyOf(output);
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
    }
}
