package org.servicedomain.node.entry;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRegistration;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.EnumSet;
import java.util.Set;
import org.servicedomain.node.Node;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.NodeEngine;
import org.servicedomain.node.NodeObservation;
import org.servicedomain.node.NodeState;
import org.servicedomain.node.NodeVersion;
import org.servicedomain.node.cluster.LeastLoadedPlacement;
import org.servicedomain.node.entry.children.ChildHomeServlet;
import org.servicedomain.node.entry.home.BufferedBodyFilter;
import org.servicedomain.node.entry.home.HomeNode;
import org.servicedomain.node.entry.home.NodeServlet;
import org.servicedomain.node.entry.ops.DiscoveryServlet;
import org.servicedomain.node.entry.ops.HealthServlet;
import org.servicedomain.node.entry.ops.LoadServlet;
import org.servicedomain.node.entry.ops.MemberSessionServlet;
import org.servicedomain.node.entry.ops.MetricsServlet;
import org.servicedomain.node.entry.port.DomainWsdlServlet;
import org.servicedomain.node.entry.port.NodeAddress;
import org.servicedomain.node.entry.port.VirtualPortFront;
import org.servicedomain.node.entry.port.VirtualPortServlet;
import org.servicedomain.node.outbound.Outbound;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * Installs a node into a servlet context: the same wiring for the WAR in a stock Tomcat (through
 * {@link NodeContextListener}) and for the embedded launcher. Closes the node with the context.
 */
public final class NodeWebApp implements ServletContainerInitializer {

    private static final Logger LOG = LoggerFactory.getLogger(NodeWebApp.class);

    /** The servlet context attribute that holds the running {@link Node}. */
    public static final String NODE_ATTRIBUTE = Node.class.getName();

    private final NodeConfig config;

    public NodeWebApp(NodeConfig config) {
        this.config = config;
    }

    @Override
    public void onStartup(Set<Class<?>> classes, ServletContext context) {
        Node node = install(context, config);
        context.addListener(new ServletContextListener() {
            @Override
            public void contextDestroyed(ServletContextEvent event) {
                stop(node);
            }
        });
    }

    /** Opens the node and registers its servlets; the caller closes it with {@link #stop(Node)}. */
    static Node install(ServletContext context, NodeConfig config) {
        routeJavaLoggingToSlf4j();
        LOG.info("node {} opening its data directory {}", NodeVersion.current(), config.dataDir().toAbsolutePath());
        Node node;
        try {
            node = Node.open(config);
        } catch (IOException e) {
            throw new UncheckedIOException("the node could not open its data directory " + config.dataDir(), e);
        }
        context.setAttribute(NODE_ATTRIBUTE, node);
        if (config.publicAddresses().baseUrl() != null) {
            context.setAttribute(NodeAddress.PUBLIC_BASE_URL, config.publicAddresses().baseUrl());
        }

        NodeState state = node.state();
        NodeEngine engine = node.engine();
        NodeObservation observation = node.observation();
        VirtualPortFront front = new VirtualPortFront(config, state.catalog(), state.policy(), state.domainInfo(),
                engine.requestChain());
        context.setAttribute(VirtualPortFront.ATTRIBUTE, front);
        ServletRegistration.Dynamic cxf = context.addServlet("sd-services", new NodeServlet(homeNode(node), front));
        cxf.addMapping("/services/*");
        cxf.setLoadOnStartup(1);
        cxf.setInitParameter("hide-service-list-page", "true");
        cxf.setAsyncSupported(true);
        FilterRegistration.Dynamic bodies = context.addFilter("sd-home-bodies", new BufferedBodyFilter(front.bodyPolicy()));
        bodies.setAsyncSupported(true);
        ServletRegistration.Dynamic children = context.addServlet("sd-children", new ChildHomeServlet(engine.hierarchy(),
                state.sessions(), state.users(), engine.outbound().calls(Outbound.Reach.OPERATOR, "sd-node-forward"),
                config.maxMessageBytes()));
        children.addMapping(ChildHomeServlet.PATH + "/*");
        children.setAsyncSupported(true);
        bodies.addMappingForServletNames(EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC), false, "sd-services",
                "sd-children");
        ServletRegistration.Dynamic ports = context.addServlet("sd-virtual-ports", new VirtualPortServlet(front));
        ports.addMapping(NodeAddress.VIRTUAL_PORTS_PATH + "*");
        ports.setLoadOnStartup(1);
        ports.setAsyncSupported(true);
        context.addServlet("sd-metrics", new MetricsServlet(observation.meterRegistry(), config.metricsAccess(),
                () -> observation.metrics().prepare(state.catalog().snapshot().instances()))).addMapping("/metrics");
        context.addServlet("sd-domain-wsdl", new DomainWsdlServlet(engine.hierarchy().nodeName(), state.catalog(),
                state.domainInfo(), front)).addMapping(DomainWsdlServlet.PATH);
        context.addServlet("sd-load", new LoadServlet(new LoadServlet.Sources(state.catalog(), state.policy(), engine.health(),
                engine.load(), engine.peerLoads(), engine.hierarchy(), node.backends()), config.hierarchy().parentSecret()))
                .addMapping("/load");
        context.addServlet("sd-health", new HealthServlet(node.membership().readiness())).addMapping(HealthServlet.PATH);
        ServletRegistration.Dynamic discovery = context.addServlet("sd-discovery",
                new DiscoveryServlet(node.membership()::discovery, front.bodyPolicy()));
        discovery.addMapping(DiscoveryServlet.PATH);
        discovery.setLoadOnStartup(1); // Tomcat destroys only a servlet it loaded: its body watch's thread stops with the node
        discovery.setAsyncSupported(true);
        ServletRegistration.Dynamic memberSessions = context.addServlet("sd-member-sessions",
                new MemberSessionServlet(node.backends(), state.sessions(), front.bodyPolicy()));
        memberSessions.addMapping(LeastLoadedPlacement.PATH);
        memberSessions.setLoadOnStartup(1);
        memberSessions.setAsyncSupported(true);
        LOG.info("node installed at context path '{}' with data directory {}", context.getContextPath(),
                config.dataDir().toAbsolutePath());
        return node;
    }

    /** The parts of {@code node} its home port works on. */
    public static HomeNode homeNode(Node node) {
        NodeState state = node.state();
        NodeEngine engine = node.engine();
        NodeObservation observation = node.observation();
        return new HomeNode(node.config(), state.catalog(), state.policy(), state.users(), state.sessions(), state.logins(),
                state.fixedChoices(), state.domainInfo(), engine.hierarchy(), engine.health(), observation.monitor(),
                engine.priorityFlows(), observation.statistics(), observation.outcomes(), observation.metering(),
                observation.sessionActivity(), observation.events(), observation.audit(), observation.startedAt());
    }

    static void stop(Node node) {
        node.close();
        LOG.info("node stopped");
    }

    private static void routeJavaLoggingToSlf4j() {
        System.setProperty("org.apache.cxf.Logger", "org.apache.cxf.common.logging.Slf4jLogger");
        if (!SLF4JBridgeHandler.isInstalled()) {
            SLF4JBridgeHandler.removeHandlersForRootLogger();
            SLF4JBridgeHandler.install();
        }
    }
}
