package org.servicedomain.client.cli;

import java.util.List;
import org.servicedomain.home.v1.PreviewPolicyResponse;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code policy impact FILE}: the node replays its recent traffic and its catalog against a candidate
 * policy ({@code previewPolicy}) and sdctl shows what would change, before anyone activates it.
 */
@Command(name = "impact", mixinStandardHelpOptions = true,
        description = {"Previews a candidate policy on the node's recent traffic (its metering records) and catalog:",
                "requests it would refuse and why, user levels a port could not serve, instances no rule reaches.",
                "Nothing is saved or activated."})
final class PolicyImpactCommand extends NodeCommand {

    record Refusal(String user, String userLevel, String virtualPort, String operation, String code, String reason,
            long requests, boolean refusedNow) {
    }

    record Unserved(String virtualPort, String userLevel, List<String> operations, String reason) {
    }

    record Unreachable(String instanceId, String name, String virtualPort, List<String> supplierLevels) {
    }

    record Impact(long version, List<String> warnings, long periodSeconds, long replayed, long newlyRefusedRequests,
            List<Refusal> refusals, List<Unserved> unservedLevels, List<Unreachable> unreachableInstances) {
    }

    @Parameters(paramLabel = "FILE", description = "The candidate policy document (- for standard input).")
    String file;

    @Option(names = "--period", paramLabel = "SECONDS", description = "How far back to replay (default 3600, at most 86400).")
    Long periodSeconds;

    @Override
    int run() throws Exception {
        Impact impact = impact(client().previewPolicy(readText(file), periodSeconds));
        if (json()) {
            printJson(impact);
            return 0;
        }
        var out = out();
        out.println("candidate policy is valid (would be version " + impact.version() + ")");
        impact.warnings().forEach(w -> out.println("warning: " + w));
        out.println("replayed " + impact.replayed() + " requests of the last " + Durations.text(impact.periodSeconds()));
        if (impact.refusals().isEmpty()) {
            out.println("no replayed request would be refused");
        } else {
            out.println("requests that would be refused (" + impact.newlyRefusedRequests() + " of them served today):");
            Table table = new Table("USER", "LEVEL", "PORT", "OPERATION", "REQUESTS", "CODE", "NOW", "REASON");
            impact.refusals().forEach(r -> table.row(r.user(), r.userLevel(), r.virtualPort(), r.operation(), r.requests(),
                    r.code(), r.refusedNow() ? "refused" : "served", r.reason()));
            table.print(out);
        }
        if (!impact.unservedLevels().isEmpty()) {
            out.println("ports without an eligible instance for a user level:");
            Table table = new Table("PORT", "LEVEL", "OPERATIONS", "REASON");
            impact.unservedLevels().forEach(u -> table.row(u.virtualPort(), u.userLevel() == null ? "(anonymous)" : u.userLevel(),
                    String.join(" ", u.operations()), u.reason()));
            table.print(out);
        }
        if (!impact.unreachableInstances().isEmpty()) {
            out.println("instances no rule can reach:");
            Table table = new Table("NAME", "INSTANCE", "PORT", "LEVELS");
            impact.unreachableInstances().forEach(i -> table.row(i.name() == null ? "-" : i.name(), i.instanceId(), i.virtualPort(),
                    i.supplierLevels().isEmpty() ? "-" : String.join(" ", i.supplierLevels())));
            table.print(out);
        }
        return 0;
    }

    static Impact impact(PreviewPolicyResponse r) {
        List<Refusal> refusals = r.getRefusal().stream().map(f -> new Refusal(f.getUser(), f.getUserLevel(),
                f.getVirtualPort(), f.getOperation(), f.getCode(), f.getReason(), f.getRequests(), f.isRefusedNow())).toList();
        long newly = refusals.stream().filter(f -> !f.refusedNow()).mapToLong(Refusal::requests).sum();
        return new Impact(r.getVersion(), List.copyOf(r.getWarning()), r.getPeriodSeconds(), r.getReplayed(), newly, refusals,
                r.getUnservedLevel().stream().map(u -> new Unserved(u.getVirtualPort(), u.getUserLevel(),
                        List.copyOf(u.getOperation()), u.getReason())).toList(),
                r.getUnreachableInstance().stream().map(i -> new Unreachable(i.getInstanceId(), i.getName(), i.getVirtualPort(),
                        List.copyOf(i.getSupplierLevel()))).toList());
    }
}
