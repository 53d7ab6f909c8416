package org.servicedomain.samples;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.transport.servlet.CXFNonSpringServlet;

/** Just enough of a node for the demo: {@link FakeHomePort} at {@code http://localhost:PORT/sd/services/home}. */
final class FakeNode implements AutoCloseable {

    private final FakeHomePort home = new FakeHomePort();
    private final Tomcat tomcat = new Tomcat();
    private final Bus bus = BusFactory.newInstance().createBus();
    private EndpointImpl endpoint;
    private Path base;

    URI start() throws Exception {
        base = Files.createTempDirectory("fake-node-");
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector();
        connector.setPort(0);
        tomcat.setConnector(connector);
        StandardContext context = (StandardContext) tomcat.addContext("/sd", base.toString());
        context.setClearReferencesObjectStreamClassCaches(false);
        context.setClearReferencesThreadLocals(false);
        context.setClearReferencesRmiTargets(false);
        Wrapper cxf = Tomcat.addServlet(context, "cxf", new CXFNonSpringServlet(null, bus));
        cxf.setLoadOnStartup(1);
        context.addServletMappingDecoded("/services/*", "cxf");
        tomcat.start();
        endpoint = new EndpointImpl(bus, home);
        endpoint.publish("/home");
        return base();
    }

    URI base() {
        return URI.create("http://localhost:" + tomcat.getConnector().getLocalPort() + "/sd");
    }

    FakeHomePort home() {
        return home;
    }

    @Override
    public void close() throws Exception {
        endpoint.stop();
        tomcat.stop();
        tomcat.destroy();
        bus.shutdown(true);
        try (Stream<Path> paths = Files.walk(base)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
        for (String property : List.of("catalina.home", "catalina.base")) { // else later Tomcats recreate it
            if (base.toString().equals(System.getProperty(property))) {
                System.clearProperty(property);
            }
        }
    }
}
