package org.servicedomain.client.cli;

import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.List;
import org.servicedomain.client.NodeClient;
import org.servicedomain.home.v1.EventInfo;
import org.servicedomain.home.v1.GetEventsResponse;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The node's recent events (the ring its home port's getEvents reads, the last 1000), and with
 * {@code --follow} the new ones as they come, polled every {@code --interval}. A script bounds a
 * follow with {@code --count} (events printed) or {@code --max-seconds}. Administrators only.
 */
@Command(name = "events", mixinStandardHelpOptions = true,
        description = {"Shows the node's recent events; --follow keeps printing new ones as they come.",
                "With -o json: {lastSequence, events} at once, or with --follow one event per line."})
final class EventsCommand extends NodeCommand {

    record Event(long sequence, String time, String kind, String virtualPort, String instanceId, String message) {
    }

    record Events(long lastSequence, List<Event> events) {
    }

    @Option(names = "--follow", description = "Keep printing new events as they come, until interrupted or a bound below.")
    boolean follow;

    @Option(names = "--after", paramLabel = "SEQUENCE", defaultValue = "0",
            description = "Only events numbered after SEQUENCE (default 0: every event the node keeps).")
    long after;

    @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "2", description = "Seconds between polls with --follow (default 2).")
    double interval;

    @Option(names = "--count", paramLabel = "N", description = "With --follow: stop after printing N events.")
    Integer count;

    @Option(names = "--max-seconds", paramLabel = "SECONDS", description = "With --follow: stop after SECONDS.")
    Double maxSeconds;

    @Override
    int run() throws Exception {
        if (interval <= 0 || after < 0 || (count != null && count < 1) || (maxSeconds != null && maxSeconds <= 0)) {
            throw usage("--interval and --max-seconds must be positive, --count at least 1 and --after 0 or more");
        }
        NodeClient client = client();
        if (!follow) {
            GetEventsResponse page = client.events(after, null);
            List<Event> events = page.getEvent().stream().map(EventsCommand::event).toList();
            if (json()) {
                printJson(new Events(page.getLastSequence(), events));
                return 0;
            }
            Table table = new Table("SEQ", "TIME", "KIND", "PORT", "INSTANCE", "MESSAGE");
            events.forEach(e -> table.row(e.sequence(), e.time(), e.kind(), e.virtualPort(), e.instanceId(), e.message()));
            table.print(out());
            return 0;
        }
        return followFrom(client);
    }

    private int followFrom(NodeClient client) throws Exception {
        long deadline = maxSeconds == null ? Long.MAX_VALUE : System.nanoTime() + (long) (maxSeconds * 1e9);
        long last = after;
        int printed = 0;
        while (true) {
            GetEventsResponse page = client.events(last, null);
            for (EventInfo info : page.getEvent()) {
                print(event(info));
                last = info.getSequence();
                if (count != null && ++printed >= count) {
                    return 0;
                }
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return 0;
            }
            Thread.sleep(Math.max(1, Math.min((long) (interval * 1000), left / 1_000_000)));
        }
    }

    private void print(Event e) throws Exception {
        if (json()) {
            out().println(root().json.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(e));
        } else {
            out().println(e.sequence() + "  " + e.time() + "  " + e.kind() + "  port=" + dash(e.virtualPort())
                    + "  instance=" + dash(e.instanceId()) + "  " + dash(e.message()));
        }
        out().flush();
    }

    private static String dash(String value) {
        return value == null ? "-" : value;
    }

    private static Event event(EventInfo info) {
        return new Event(info.getSequence(), info.getTime().toGregorianCalendar().toInstant().toString(), info.getKind(),
                info.getVirtualPort(), info.getInstanceId(), info.getMessage());
    }
}
