package org.servicedomain.node;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.servicedomain.node.audit.AuditFile;
import org.servicedomain.node.audit.AuditTrail;
import org.servicedomain.node.backends.Backends;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.core.RequestEvents;
import org.servicedomain.node.core.RequestListener;
import org.servicedomain.node.engine.events.EventLog;
import org.servicedomain.node.engine.events.HttpEventNotifier;
import org.servicedomain.node.engine.events.NodeEvent;
import org.servicedomain.node.engine.events.NodeEvents;
import org.servicedomain.node.engine.events.ServiceAvailability;
import org.servicedomain.node.engine.monitor.InstanceMonitor;
import org.servicedomain.node.engine.monitor.Metering;
import org.servicedomain.node.engine.monitor.MeteringListener;
import org.servicedomain.node.engine.monitor.MetricsListener;
import org.servicedomain.node.engine.monitor.ProcessMeters;
import org.servicedomain.node.engine.monitor.RequestOutcomes;
import org.servicedomain.node.engine.monitor.StatisticsMeters;
import org.servicedomain.node.engine.monitor.TrafficStatistics;
import org.servicedomain.node.outbound.Outbound;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.session.SessionActivity;
import org.servicedomain.node.tracing.Tracing;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What watches the node and tells of it: its events and their notifier, its meters, the monitor of
 * response times, metering, statistics, the outcomes of requests, the audit trail and tracing. Built
 * first, so that every other unit can be heard from the start.
 */
public final class NodeObservation implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(NodeObservation.class);

    private final PrometheusMeterRegistry meterRegistry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final NodeEvents events;
    private final AtomicReference<String> notifyUrl = new AtomicReference<>();
    private final HttpEventNotifier notifier;
    private final InstanceMonitor monitor = new InstanceMonitor();
    private final RequestOutcomes outcomes = new RequestOutcomes(meterRegistry);
    private final Metering metering;
    private final TrafficStatistics statistics;
    private final StatisticsMeters portMeters;
    private final SessionActivity sessionActivity;
    private final MetricsListener metrics;
    private final ProcessMeters processMeters;
    private final AuditTrail audit;
    private final Tracing tracing;
    private final Instant startedAt;

    NodeObservation(NodeConfig config, Backends backends, Outbound outbound) throws IOException {
        this.startedAt = config.clock().instant();
        this.events = new NodeEvents(config.clock());
        this.notifier = new HttpEventNotifier(notifyUrl::get,
                outbound.calls(Outbound.Reach.PROVIDERS, "sd-node-events"), config.outbound().connectTimeout());
        events.addListener(new EventLog());
        events.addListener(notifier);
        String nodeName = config.hierarchy().nodeName();
        this.metering = new Metering(config.dataDir(), config.clock(), config.meteringRetentionDays(),
                config.stateLimits().maxMeteringBytes());
        this.statistics = new TrafficStatistics(config.statisticsWindow(), config.clock());
        this.portMeters = StatisticsMeters.bind(meterRegistry, statistics);
        this.sessionActivity = new SessionActivity(config.clock());
        this.metrics = new MetricsListener(meterRegistry, monitor);
        this.processMeters = ProcessMeters.bind(meterRegistry, NodeVersion.current().version(), NodeVersion.current().build());
        this.audit = new AuditTrail(AuditFile.open(config.audit().fileIn(config.dataDir()), config.audit().maxBytes()),
                meterRegistry, events, config.clock(), backends.auditActor(nodeName));
        events.addListener(audit);
        this.tracing = Tracing.of(config.tracing(), nodeName, backends.selfName(nodeName));
    }

    /** Tells the event notifier where to post from now on, and everyone that {@code active} is in force. */
    void policyActivated(CompiledPolicy active) {
        notifyUrl.set(active.notifyUrl());
        events.publish(NodeEvent.Type.POLICY_ACTIVATED, null, null, "policy version " + active.version());
    }

    /** Has each part drop what it keeps of an instance or a virtual port once it leaves {@code catalog}. */
    void forgetWhatLeaves(Catalog catalog) {
        catalog.onUnregister(instance -> monitor.forget(instance.id()));
        catalog.onUnregister(instance -> {
            metrics.forget(instance.id());
            statistics.forget(instance.id());
            Set<String> cataloged = catalog.snapshot().instanceIds();
            metrics.retainInstances(cataloged);
            statistics.retainInstances(cataloged);
        });
        catalog.onPortRemoved(portMeters::forget);
        catalog.onPortRemoved(statistics::forgetPort);
        catalog.onPortRemoved(outcomes::forgetPort);
    }

    /** The node's meters, scraped by Prometheus at {@code /sd/metrics}. */
    public PrometheusMeterRegistry meterRegistry() {
        return meterRegistry;
    }

    /**
     * The bus of the requests' events, heard in this order: the monitor, then {@code engineSubscribers}
     * (the engine's and the state's), metrics, service availability, statistics, session activity,
     * metering with the access log, and the requests' outcomes. Built once: its subscribers are fixed.
     */
    RequestEvents requestEvents(RequestListener... engineSubscribers) {
        List<RequestListener> subscribers = new ArrayList<>();
        subscribers.add(monitor);
        subscribers.addAll(List.of(engineSubscribers));
        subscribers.addAll(List.of(metrics, new ServiceAvailability(events), statistics, sessionActivity,
                new MeteringListener(metering), outcomes));
        return RequestEvents.of(subscribers);
    }

    /** Where the node's administrative events are published; plug further listeners in here. */
    public NodeEvents events() {
        return events;
    }

    /** The response times learnt per instance, for the selectors and the home port. */
    public InstanceMonitor monitor() {
        return monitor;
    }

    /** How the requests on each virtual port ended, with the node's own faults by code. */
    public RequestOutcomes outcomes() {
        return outcomes;
    }

    /** One record per invocation, and usage per user and port. */
    public Metering metering() {
        return metering;
    }

    /** Statistics per instance and virtual port, over the sliding window and since the start. */
    public TrafficStatistics statistics() {
        return statistics;
    }

    /** The recent dispatches of each open session. */
    public SessionActivity sessionActivity() {
        return sessionActivity;
    }

    /** The meters per instance, given before a scrape to the instances that have had no request yet. */
    public MetricsListener metrics() {
        return metrics;
    }

    /** Where administrative actions are recorded: events, a counter and the audit file. */
    public AuditTrail audit() {
        return audit;
    }

    /** How calls are traced: propagation only, or exported over OTLP; picked once at start. */
    public Tracing tracing() {
        return tracing;
    }

    /** When this node started: the origin of its uptime. */
    public Instant startedAt() {
        return startedAt;
    }

    @Override
    public void close() {
        processMeters.close();
        metering.close();
        notifier.close();
        try {
            audit.close();
        } catch (IOException e) {
            LOG.warn("audit file not closed cleanly: {}", e.toString());
        }
        tracing.close();
    }
}
