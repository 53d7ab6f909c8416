package org.servicedomain.node.entry.home;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import org.servicedomain.home.v1.GetDomainInfoResponse;
import org.servicedomain.home.v1.GetPolicy;
import org.servicedomain.home.v1.GetPolicyResponse;
import org.servicedomain.home.v1.PlanQos;
import org.servicedomain.home.v1.PlanQosResponse;
import org.servicedomain.home.v1.PreviewPolicy;
import org.servicedomain.home.v1.PreviewPolicyResponse;
import org.servicedomain.home.v1.SetDomainInfo;
import org.servicedomain.home.v1.SetDomainInfoResponse;
import org.servicedomain.home.v1.SetPolicy;
import org.servicedomain.home.v1.SetPolicyResponse;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.domain.DomainInfoStore;
import org.servicedomain.node.policy.ActivePolicy;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.PolicyReport;
import org.servicedomain.node.policy.PolicyStore;
import org.servicedomain.node.qos.QosPlanCommand;

/**
 * The home operations on what the administrators set for the whole domain: its policy (set,
 * previewed, read back by version), a QoS plan worked out before a policy is written, and the
 * domain information every WSDL carries.
 */
final class HomeSettings {

    private final ActivePolicy policy;
    private final HomePolicyPreview preview;
    private final DomainInfoStore domainInfo;
    private final Clock clock;
    private final HomeAccess access;

    HomeSettings(ActivePolicy policy, HomePolicyPreview preview, DomainInfoStore domainInfo,
            Clock clock, HomeAccess access) {
        this.policy = policy;
        this.preview = preview;
        this.domainInfo = domainInfo;
        this.clock = clock;
        this.access = access;
    }

    /** Applies the policy, or with {@code validateOnly} only checks it; either way answers its version and warnings. */
    SetPolicyResponse setPolicy(SetPolicy request, boolean validateOnly) {
        access.requireAdministrator("setPolicy");
        SetPolicyResponse response = new SetPolicyResponse();
        String document = request.getDocument();
        if (document == null || document.isBlank()) {
            throw new NodeFault(FaultCode.BadRequest, "document is required");
        }
        PolicyReport report = validateOnly ? policy.check(document) : policy.apply(document);
        response.setVersion(report.version());
        response.getWarning().addAll(report.warnings());
        return response;
    }

    PreviewPolicyResponse previewPolicy(PreviewPolicy request) {
        access.requireAdministrator("previewPolicy");
        return preview.preview(request);
    }

    GetPolicyResponse getPolicy(GetPolicy request) {
        access.requireSignedIn("getPolicy");
        CompiledPolicy current = policy.current();
        long version = request.getVersion() == null ? current.version() : request.getVersion();
        GetPolicyResponse response = new GetPolicyResponse();
        response.setVersion(version);
        response.setDocument(policy.document(version).orElseThrow(() -> new NodeFault(FaultCode.BadRequest,
                "policy version " + version + " is not kept; the node keeps the last " + PolicyStore.KEPT
                + " and version 0, the default policy")));
        return response;
    }

    PlanQosResponse planQos(PlanQos request) {
        access.requireSignedIn("planQos");
        String document = HomeArguments.required(request.getDocument(), "document");
        PlanQosResponse response = new PlanQosResponse();
        response.setResult(QosPlanCommand.plan(document.getBytes(StandardCharsets.UTF_8)));
        return response;
    }

    SetDomainInfoResponse setDomainInfo(SetDomainInfo request) {
        HomeAccess.HomeCaller caller = access.requireAdministrator("setDomainInfo");
        return DomainInfoView.set(domainInfo, DomainInfoView.change(request),
                caller.user() == null ? HomeAccess.ANONYMOUS : caller.user(), clock.instant());
    }

    /** Open to every caller: the same text is in every virtual port's WSDL; an unknown session header is still refused. */
    GetDomainInfoResponse getDomainInfo() {
        access.caller();
        return DomainInfoView.get(domainInfo);
    }
}
