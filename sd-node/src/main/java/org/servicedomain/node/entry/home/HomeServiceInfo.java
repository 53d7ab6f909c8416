package org.servicedomain.node.entry.home;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.node.NodeVersion;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.engine.monitor.Metering;
import org.servicedomain.node.engine.monitor.RequestOutcomes;
import org.servicedomain.node.entry.children.DialledAuthority;
import org.servicedomain.node.entry.port.NodeAddress;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.session.SessionActivity;
import org.servicedomain.node.session.SessionRegistry;
import org.servicedomain.node.storage.DiskUse;

/**
 * The home port's {@code getServiceInfo}, the node's report: its virtual ports and instances with
 * what the node measured of them, for every signed-in user and for the parent's discovery poll;
 * each user sees their own usage, administrators everyone's and the node's disk use.
 */
final class HomeServiceInfo {

    /**
     * What the report reads.
     *
     * @param dataDir the node's data directory, whose size administrators see
     * @param startedAt when the node started, the origin of the uptime it reports
     */
    record Sources(Catalog catalog, Hierarchy hierarchy, InstanceFigures figures, RequestOutcomes outcomes, Metering metering,
            SessionRegistry sessions, SessionActivity sessionActivity, Path dataDir, Instant startedAt) {
    }

    private final Sources sources;
    private final HomeAccess access;
    private final HomeExchange exchange;

    HomeServiceInfo(Sources sources, HomeAccess access, HomeExchange exchange) {
        this.sources = sources;
        this.access = access;
        this.exchange = exchange;
    }

    GetServiceInfoResponse report(GetServiceInfo request) {
        HttpServletRequest asked = exchange.request();
        HomeAccess.HomeCaller caller = DialledAuthority.provesParent(sources.hierarchy(), asked)
                ? null : access.requireSignedIn("getServiceInfo");
        if (Boolean.TRUE.equals(request.isPoll())) {
            sources.hierarchy().pollAskedByParent();
        }
        CatalogSnapshot snapshot = sources.catalog().snapshot();
        UnaryOperator<String> addressOf = name -> NodeAddress.virtualPort(asked, name);
        String portName = HomeArguments.blankToNull(request.getVirtualPort());
        String instanceId = HomeArguments.blankToNull(request.getInstanceId());
        GetServiceInfoResponse response = new GetServiceInfoResponse();
        if (portName != null && snapshot.port(portName).isEmpty()) {
            throw new NodeFault(FaultCode.UnknownVirtualPort, "no virtual port named '" + portName + "'");
        }
        InstanceFigures figures = sources.figures();
        if (instanceId != null) {
            Instance instance = snapshot.instance(instanceId).orElseThrow(() ->
                    new NodeFault(FaultCode.UnknownInstance, "no instance has id " + instanceId));
            response.getVirtualPort().add(ServiceInfoView.withOutcomes(ServiceInfoView.of(
                    snapshot.port(instance.virtualPort()).orElseThrow(), snapshot, addressOf, figures.statistics()),
                    sources.outcomes()));
            response.getInstance().add(ServiceInfoView.of(instance, snapshot, figures));
            addSession(request, response);
            return response;
        }
        snapshot.ports().stream().filter(p -> portName == null || p.name().equals(portName))
                .forEach(p -> response.getVirtualPort().add(ServiceInfoView.withOutcomes(
                        ServiceInfoView.of(p, snapshot, addressOf, figures.statistics()), sources.outcomes())));
        snapshot.instances().stream().filter(i -> portName == null || i.virtualPort().equals(portName))
                .forEach(i -> response.getInstance().add(ServiceInfoView.of(i, snapshot, figures)));
        sources.metering().usage(portName).stream()
                .filter(u -> caller == null || caller.isAdministrator() || Objects.equals(u.user(), caller.user()))
                .forEach(u -> response.getUsage().add(ServiceInfoView.of(u)));
        addSession(request, response);
        if (caller != null && caller.isAdministrator()) {
            response.setDataBytes(DiskUse.of(sources.dataDir()));
            response.setMeteringBytes(sources.metering().bytesOnDisk());
        }
        if (Boolean.TRUE.equals(request.isTopology())) {
            response.setNode(ChildRegistrations.topology(sources.hierarchy(), response, NodeAddress.base(asked)));
        }
        response.getFlow().addAll(FlowInfoView.of(figures.flows(), portName));
        if (caller != null) {
            response.setNodeVersion(NodeVersion.current().version());
            response.setNodeBuild(NodeVersion.current().build());
            response.setStartedAt(StatisticsView.time(sources.startedAt()));
        }
        return response;
    }

    /** The recent activity of the session the request names, if it names one; an unknown session is refused. */
    private void addSession(GetServiceInfo request, GetServiceInfoResponse response) {
        String sessionId = HomeArguments.blankToNull(request.getSessionId());
        if (sessionId == null) {
            return;
        }
        Caller caller = sources.sessions().peek(sessionId).orElseThrow(() ->
                new NodeFault(FaultCode.BadRequest, "no open session has that id"));
        response.setSession(StatisticsView.of(sessionId, sources.sessionActivity().of(sessionId)
                .orElseGet(() -> new SessionActivity.Activity(caller.user(), List.of()))));
    }
}
