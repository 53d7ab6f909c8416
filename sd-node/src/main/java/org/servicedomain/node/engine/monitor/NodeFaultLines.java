package org.servicedomain.node.engine.monitor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lines of one write of the metering file: the calls the node answered with its own fault (no
 * instance answered; under overload nearly all are {@code Overloaded} refusals) merged into one line
 * per user, level, port, operation and fault, counting them, with their durations and bytes added up.
 * A flood of refused calls then writes a few lines a second, not one per call, so it neither costs the
 * node a line per refusal nor fills the files' size limit, past which the billable calls' records
 * would be dropped too. A provider's answers keep a line each, in their order.
 */
final class NodeFaultLines {

    private NodeFaultLines() {
    }

    private record Group(String user, String userLevel, String virtualPort, String operation, String outcome) {
    }

    /** {@code batch} with each group of node faults merged into one record, at the place of its first call. */
    static List<Metering.Record> merged(List<Metering.Record> batch) {
        List<Metering.Record> lines = new ArrayList<>(batch.size());
        Map<Group, Integer> at = new LinkedHashMap<>();
        for (Metering.Record r : batch) {
            if (r.instanceId() != null || Metering.answeredByProvider(r.outcome())) {
                lines.add(r);
                continue;
            }
            Group group = new Group(r.user(), r.userLevel(), r.virtualPort(), r.operation(), r.outcome());
            Integer index = at.putIfAbsent(group, lines.size());
            if (index == null) {
                lines.add(r);
            } else {
                lines.set(index, plus(lines.get(index), r));
            }
        }
        return lines;
    }

    private static Metering.Record plus(Metering.Record a, Metering.Record b) {
        return new Metering.Record(a.time(), a.user(), a.userLevel(), a.virtualPort(), a.operation(), null, a.outcome(),
                a.micros() + b.micros(), a.requestBytes() + b.requestBytes(), a.replyBytes() + b.replyBytes(),
                a.supplierLevels(), a.calls() + b.calls());
    }
}
