package org.servicedomain.testsupport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A command started for a test (a script of {@code bin/}, a samples main) whose output and errors
 * are collected line by line as it runs, and which {@link #close} stops.
 */
public final class ScriptRun implements AutoCloseable {

    private final Process process;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Thread reader;

    private ScriptRun(Process process) {
        this.process = process;
        reader = new Thread(this::read, "script-output");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code builder}'s command, its errors merged into its output. */
    public static ScriptRun start(ProcessBuilder builder) {
        try {
            return new ScriptRun(builder.redirectErrorStream(true).start());
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + builder.command(), e);
        }
    }

    /** The lines printed so far. */
    public List<String> lines() {
        return lines;
    }

    /** Whether some line printed so far starts with {@code prefix}. */
    public boolean printed(String prefix) {
        return lines.stream().anyMatch(line -> line.startsWith(prefix));
    }

    /**
     * Waits until the command has ended and its output has been read to the end; its exit code, or
     * an IllegalStateException when it is still running after {@code timeout}.
     */
    public int waitFor(java.time.Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("still running after " + timeout + ": " + lines);
        }
        reader.join(timeout.toMillis());
        return process.exitValue();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Asks the command and the processes it started to stop (SIGTERM to each, as Ctrl-C reaches a
     * terminal's whole process group) and waits for it; its exit code, or -1 if it had to be killed.
     */
    public int stop() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        if (process.waitFor(30, TimeUnit.SECONDS)) {
            return process.exitValue();
        }
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        return -1;
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            stop();
        }
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
            }
        } catch (IOException ended) {
            lines.add("(output ended: " + ended.getMessage() + ")");
        }
    }
}
