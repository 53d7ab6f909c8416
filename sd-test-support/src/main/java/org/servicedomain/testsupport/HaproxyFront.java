package org.servicedomain.testsupport;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A real HAProxy process on loopback in front of the members of a cluster, with the configuration of
 * docs/cluster.md ("In front of the cluster"): the template {@code bench/haproxy-cluster.cfg} filled
 * for the given member ports. Members are servers {@code m1}, {@code m2}, ... in the order given; a
 * port nothing listens on yet is a member that is down until it is ready.
 */
public final class HaproxyFront implements AutoCloseable {

    /** The template, packaged from {@code bench/haproxy-cluster.cfg}. */
    public static final String TEMPLATE = "org/servicedomain/testsupport/haproxy-cluster.cfg";

    /** How often and how strictly HAProxy checks each member's {@code /sd/health/ready}. */
    public record Checks(Duration interval, int fall, int rise) {
        /** What docs/cluster.md recommends: every second, down after 2 failures, up after 2 passes. */
        public static final Checks RECOMMENDED = new Checks(Duration.ofSeconds(1), 2, 2);
    }

    /** The template's balance algorithm, docs/cluster.md's recommendation. */
    public static final String LEASTCONN = "leastconn";

    private final Process process;
    private final Path dir;
    private final int frontPort;
    private final int statsPort;

    private HaproxyFront(Process process, Path dir, int frontPort, int statsPort) {
        this.process = process;
        this.dir = dir;
        this.frontPort = frontPort;
        this.statsPort = statsPort;
    }

    /** The HAProxy binary: {@code haproxy} on the PATH, else Debian's {@code /usr/sbin/haproxy}. */
    public static String binary() {
        for (String dirName : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dirName.isEmpty() && Files.isExecutable(Path.of(dirName, "haproxy"))) {
                return Path.of(dirName, "haproxy").toString();
            }
        }
        return "/usr/sbin/haproxy";
    }

    /** The template filled in: HAProxy on {@code frontPort}, its statistics on {@code statsPort}, one server per member port. */
    public static String config(int frontPort, int statsPort, List<Integer> memberPorts, Checks checks) {
        return config(frontPort, statsPort, memberPorts, checks, LEASTCONN);
    }

    /** As {@link #config(int, int, List, Checks)}, the members' backend balanced by {@code balance} instead of {@value #LEASTCONN}. */
    public static String config(int frontPort, int statsPort, List<Integer> memberPorts, Checks checks, String balance) {
        String servers = IntStream.range(0, memberPorts.size())
                .mapToObj(i -> "  server m" + (i + 1) + " 127.0.0.1:" + memberPorts.get(i))
                .collect(Collectors.joining("\n"));
        return Resources.text(TEMPLATE)
                .replace("{{FRONT}}", "127.0.0.1:" + frontPort)
                .replace("{{STATS}}", "127.0.0.1:" + statsPort)
                .replace("{{CHECK_INTER}}", checks.interval().toMillis() + "ms")
                .replace("{{FALL}}", Integer.toString(checks.fall()))
                .replace("{{RISE}}", Integer.toString(checks.rise()))
                .replace("{{SERVERS}}", servers)
                .replace("balance " + LEASTCONN, "balance " + balance);
    }

    /** Starts HAProxy in front of the members on {@code memberPorts}; returns once it answers. */
    public static HaproxyFront start(List<Integer> memberPorts, Checks checks) {
        return start(memberPorts, checks, LEASTCONN);
    }

    /** As {@link #start(List, Checks)}, balanced by {@code balance} ({@code roundrobin}, {@code leastconn}, ...). */
    public static HaproxyFront start(List<Integer> memberPorts, Checks checks, String balance) {
        try {
            Path dir = Files.createTempDirectory("sd-haproxy");
            int front = freePort();
            int stats = freePort();
            Path file = dir.resolve("haproxy.cfg");
            Files.writeString(file, config(front, stats, memberPorts, checks, balance));
            NodeProcess.Exit valid = NodeProcess.runToExit(new ProcessBuilder(binary(), "-c", "-f", file.toString()),
                    Duration.ofSeconds(30));
            if (valid.code() != 0) {
                throw new IllegalStateException("HAProxy refuses the configuration: " + valid.output());
            }
            Process process = new ProcessBuilder(binary(), "-db", "-f", file.toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("haproxy.log").toFile()).start();
            HaproxyFront haproxy = new HaproxyFront(process, dir, front, stats);
            try {
                await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50)).ignoreExceptions()
                        .until(() -> !haproxy.serverStatuses().isEmpty());
            } catch (RuntimeException e) {
                haproxy.close();
                throw new IllegalStateException("HAProxy did not start; its log: " + haproxy.log(), e);
            }
            return haproxy;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start HAProxy (" + binary() + ")", e);
        }
    }

    /** A port free on loopback now, for HAProxy or a member that will listen on it later. */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on loopback", e);
        }
    }

    /** {@code http://127.0.0.1:PORT/sd}: the cluster as a client that cannot discover sees it. */
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + frontPort + "/sd");
    }

    public URI virtualPortAddress(String name) {
        return URI.create(baseUri() + "/services/ports/" + name);
    }

    /** Each member's status as HAProxy sees it now ({@code UP}, {@code DOWN}, {@code UP 1/2}, ...), by server name. */
    public Map<String, String> serverStatuses() {
        return column("status");
    }

    /** How many 2xx answers each member has given through HAProxy so far, by server name. */
    public Map<String, Long> answered2xx() {
        Map<String, Long> answered = new LinkedHashMap<>();
        column("hrsp_2xx").forEach((server, total) -> answered.put(server, total.isEmpty() ? 0 : Long.parseLong(total)));
        return answered;
    }

    /** One column of HAProxy's statistics ({@code stats;csv}) for the servers of the members' backend. */
    private Map<String, String> column(String name) {
        SoapReply reply = SoapExchange.get(URI.create("http://127.0.0.1:" + statsPort + "/stats;csv"));
        List<String> lines = reply.text().lines().toList();
        List<String> header = Arrays.asList(lines.get(0).replaceFirst("^# ", "").split(",", -1));
        int at = header.indexOf(name);
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.split(",", -1);
            if (fields.length > at && fields[0].equals("members") && !fields[1].equals("BACKEND")) {
                values.put(fields[1], fields[at]);
            }
        }
        return values;
    }

    /** What HAProxy logged (server state changes), for failure messages. */
    public List<String> log() {
        try {
            return new ArrayList<>(Files.readAllLines(dir.resolve("haproxy.log"), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return List.of("(no log: " + e.getMessage() + ")");
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete HAProxy's directory " + dir, e);
        }
    }
}
