package org.servicedomain.client.cli;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.servicedomain.client.InstanceNames;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.Statistics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Traffic per virtual port and instance over the node's statistics window, once or refreshed
 * ({@code --watch}); with {@code -o json}, one JSON document per refresh, one per line.
 */
@Command(name = "stats", mixinStandardHelpOptions = true,
        description = "Shows traffic per port and instance over the node's statistics window; --watch refreshes it.")
final class StatsCommand extends NodeCommand {

    /** One port or instance; an instance by its name, with its id in {@code instanceId} (null for a port). */
    record Row(String kind, String name, String instanceId, String virtualPort, String state, long periodSeconds, long requests,
            double requestsPerSecond, long failures, long noInstance, Integer inFlight, double p50Ms, double p95Ms,
            double p99Ms) {
    }

    record Snapshot(String time, List<Row> rows) {
    }

    @Option(names = "--watch", description = "Refresh until interrupted, or --count times.")
    boolean watch;

    @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "2", description = "Seconds between refreshes (default 2).")
    double interval;

    @Option(names = "--count", paramLabel = "N", description = "How many refreshes with --watch (default: until interrupted).")
    Integer count;

    @Override
    int run() throws Exception {
        if (interval <= 0 || (count != null && count < 1)) {
            throw usage("--interval must be positive and --count at least 1");
        }
        var client = client();
        int times = !watch ? 1 : count == null ? Integer.MAX_VALUE : count;
        for (int i = 0; i < times; i++) {
            if (i > 0) {
                Thread.sleep((long) (interval * 1000));
            }
            Snapshot snapshot = new Snapshot(Instant.now().toString(), rows(client.getServiceInfo()));
            if (json()) {
                out().println(root().json.copy().disable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(snapshot));
                out().flush();
                continue;
            }
            if (watch) {
                out().println((root().interactive && System.console() != null ? "\033[H\033[2J" : "") + "at " + snapshot.time());
            }
            Table table = new Table("KIND", "NAME", "PORT", "STATE", "REQ/S", "REQUESTS", "FAILURES", "NO-INSTANCE",
                    "IN-FLIGHT", "P50-MS", "P95-MS", "P99-MS", "ID");
            snapshot.rows().forEach(r -> table.row(r.kind(), r.name(), r.virtualPort(), r.state(),
                    String.format("%.2f", r.requestsPerSecond()), r.requests(), r.failures(), r.noInstance(), r.inFlight(),
                    String.format("%.1f", r.p50Ms()), String.format("%.1f", r.p95Ms()), String.format("%.1f", r.p99Ms()),
                    r.instanceId() == null ? "" : r.instanceId()));
            table.print(out());
        }
        return 0;
    }

    static List<Row> rows(GetServiceInfoResponse info) {
        List<Row> rows = new ArrayList<>();
        info.getVirtualPort().forEach(p -> rows.add(row("port", p.getName(), null, p.getName(), null, p.getWindow(), p.getInFlight())));
        info.getInstance().forEach(i -> rows.add(row("instance", InstanceNames.of(i), i.getInstanceId(), i.getVirtualPort(),
                i.getState() == null ? null : i.getState().value(), i.getWindow(), i.getInFlight())));
        return rows;
    }

    private static Row row(String kind, String name, String instanceId, String port, String state, Statistics w, Integer inFlight) {
        if (w == null) {
            return new Row(kind, name, instanceId, port, state, 0, 0, 0, 0, 0, inFlight, 0, 0, 0);
        }
        long failures = w.getConnectionFailures() + w.getTimeouts() + w.getHttpErrors() + w.getSoapFaults() + w.getProtocolErrors();
        return new Row(kind, name, instanceId, port, state, w.getPeriodSeconds(), w.getRequests(), StatusCommand.perSecond(w), failures,
                w.getNoInstance(), inFlight, w.getP50Ms(), w.getP95Ms(), w.getP99Ms());
    }
}
