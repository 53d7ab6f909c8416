package org.servicedomain.node.entry.home;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.servicedomain.home.v1.PolicyRefusal;
import org.servicedomain.home.v1.PreviewPolicy;
import org.servicedomain.home.v1.PreviewPolicyResponse;
import org.servicedomain.home.v1.UnreachableInstance;
import org.servicedomain.home.v1.UnservedLevel;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.InstanceName;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.engine.monitor.Metering;
import org.servicedomain.node.engine.monitor.MeteringRecords;
import org.servicedomain.node.impact.ImpactPreview;
import org.servicedomain.node.impact.PolicyImpact;
import org.servicedomain.node.policy.ActivePolicy;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.session.User;
import org.servicedomain.node.session.UserDirectory;

/** The home port's {@code previewPolicy}: validates a candidate policy and answers its impact on recent traffic. */
final class HomePolicyPreview {

    static final long DEFAULT_PERIOD_SECONDS = 3_600;
    static final long MAX_PERIOD_SECONDS = 86_400;

    private final ActivePolicy policy;
    private final UserDirectory users;
    private final Catalog catalog;
    private final Clock clock;
    private final Path dataDir;

    /** @param dataDir where the node keeps the metering records the preview replays */
    HomePolicyPreview(ActivePolicy policy, UserDirectory users, Catalog catalog, Clock clock, Path dataDir) {
        this.policy = policy;
        this.users = users;
        this.catalog = catalog;
        this.clock = clock;
        this.dataDir = dataDir;
    }

    PreviewPolicyResponse preview(PreviewPolicy request) {
        String document = request.getDocument();
        if (document == null || document.isBlank()) {
            throw new NodeFault(FaultCode.BadRequest, "document is required");
        }
        long period = request.getPeriodSeconds() == null ? DEFAULT_PERIOD_SECONDS : request.getPeriodSeconds();
        if (period < 1 || period > MAX_PERIOD_SECONDS) {
            throw new NodeFault(FaultCode.BadRequest, "periodSeconds must be 1 to " + MAX_PERIOD_SECONDS + " but was " + period);
        }
        CompiledPolicy candidate = policy.candidate(document);
        Instant now = clock.instant();
        List<String> levels = users.list().stream().map(User::userLevel).toList();
        PolicyImpact impact;
        CatalogSnapshot snapshot = catalog.snapshot();
        try (Stream<Metering.Record> traffic = MeteringRecords.between(dataDir,
                now.minus(Duration.ofSeconds(period)), now)) {
            impact = new ImpactPreview(policy.current(), candidate, snapshot).of(traffic, levels, now);
        } catch (UncheckedIOException e) {
            throw new NodeFault(FaultCode.InternalError, "the node could not read its metering records: "
                    + e.getCause().getMessage(), e);
        }
        PreviewPolicyResponse response = new PreviewPolicyResponse();
        response.setVersion(candidate.version());
        response.getWarning().addAll(candidate.warnings());
        response.setPeriodSeconds(period);
        response.setReplayed(impact.replayed());
        impact.refusals().forEach(r -> response.getRefusal().add(refusal(r)));
        impact.unservedLevels().forEach(u -> response.getUnservedLevel().add(unserved(u)));
        impact.unreachableInstances().forEach(i -> response.getUnreachableInstance().add(unreachable(i, snapshot)));
        return response;
    }

    private static PolicyRefusal refusal(PolicyImpact.Refusal r) {
        PolicyRefusal out = new PolicyRefusal();
        out.setUser(r.user());
        out.setUserLevel(r.userLevel());
        out.setVirtualPort(r.virtualPort());
        out.setOperation(r.operation());
        out.setCode(r.code());
        out.setReason(r.reason());
        out.setRequests(r.requests());
        out.setRefusedNow(r.refusedNow());
        return out;
    }

    private static UnservedLevel unserved(PolicyImpact.UnservedLevel u) {
        UnservedLevel out = new UnservedLevel();
        out.setVirtualPort(u.virtualPort());
        out.setUserLevel(u.userLevel());
        out.getOperation().addAll(u.operations());
        out.setReason(u.reason());
        return out;
    }

    private static UnreachableInstance unreachable(PolicyImpact.UnreachableInstance i, CatalogSnapshot snapshot) {
        UnreachableInstance out = new UnreachableInstance();
        out.setInstanceId(i.instanceId());
        out.setVirtualPort(i.virtualPort());
        i.supplierLevels().stream().sorted().forEach(out.getSupplierLevel()::add);
        snapshot.instance(i.instanceId()).map(InstanceName::of).ifPresent(out::setName);
        return out;
    }
}
