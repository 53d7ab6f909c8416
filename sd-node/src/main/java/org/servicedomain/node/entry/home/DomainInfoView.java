package org.servicedomain.node.entry.home;

import java.io.IOException;
import org.servicedomain.home.v1.GetDomainInfoResponse;
import org.servicedomain.home.v1.SetDomainInfo;
import org.servicedomain.home.v1.SetDomainInfoResponse;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.domain.DomainInfo;
import org.servicedomain.node.domain.DomainInfoChange;
import org.servicedomain.node.domain.DomainInfoStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** How the home port reads and changes the domain information ({@code getDomainInfo}, {@code setDomainInfo}). */
final class DomainInfoView {

    private static final Logger LOG = LoggerFactory.getLogger(DomainInfoView.class);

    private DomainInfoView() {
    }

    /** The change {@code request} asks for, checked; a {@link FaultCode#BadRequest} when it is not one. */
    static DomainInfoChange change(SetDomainInfo request) {
        return new DomainInfoChange(request.getDescription(), request.getOwner(), request.getContact(), request.getTerms(),
                request.getTermsUrl());
    }

    /** Makes {@code change} in {@code store} as {@code who} did it at {@code when}; answers what is kept now. */
    static SetDomainInfoResponse set(DomainInfoStore store, DomainInfoChange change, String who, java.time.Instant when) {
        DomainInfo kept;
        try {
            kept = store.update(current -> change.applyTo(current, who, when));
        } catch (IOException e) {
            LOG.error("could not save the domain information; it was not changed", e);
            throw new NodeFault(FaultCode.InternalError, "the node could not save the domain information: " + e.getMessage(), e);
        }
        SetDomainInfoResponse response = new SetDomainInfoResponse();
        response.setDomain(of(kept));
        return response;
    }

    static GetDomainInfoResponse get(DomainInfoStore store) {
        GetDomainInfoResponse response = new GetDomainInfoResponse();
        response.setDomain(of(store.current()));
        return response;
    }

    static org.servicedomain.home.v1.DomainInfo of(DomainInfo info) {
        org.servicedomain.home.v1.DomainInfo shown = new org.servicedomain.home.v1.DomainInfo();
        shown.setDescription(info.description());
        shown.setOwner(info.owner());
        shown.setContact(info.contact());
        shown.setTerms(info.terms());
        shown.setTermsUrl(info.termsUrl());
        shown.setChangedBy(info.changedBy());
        shown.setChangedAt(info.changedAt() == null ? null : StatisticsView.time(info.changedAt()));
        return shown;
    }
}
