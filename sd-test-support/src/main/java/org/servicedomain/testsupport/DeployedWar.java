package org.servicedomain.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.ApplicationParameter;

/**
 * A WAR deployed the way a stock Tomcat 10.1 deploys it, with its own web.xml and class loader,
 * on an ephemeral loopback port: proves the built {@code sd-node.war} works unchanged.
 */
public final class DeployedWar implements AutoCloseable {

    private final Tomcat tomcat;
    private final Connector connector;
    private final String contextPath;
    private final Context context;

    private DeployedWar(Tomcat tomcat, Connector connector, String contextPath, Context context) {
        this.tomcat = tomcat;
        this.connector = connector;
        this.contextPath = contextPath;
        this.context = context;
    }

    /** Deploys {@code war} at {@code contextPath} with these context parameters. */
    public static DeployedWar deploy(Path war, String contextPath, Map<String, String> parameters) {
        return deploy(war, contextPath, parameters, false);
    }

    /**
     * As {@link #deploy(Path, String, Map)}; with {@code containerDefaults}, the WAR also gets the
     * container's default web.xml (JSP and default servlets), as a stock Tomcat gives every WAR.
     */
    public static DeployedWar deploy(Path war, String contextPath, Map<String, String> parameters, boolean containerDefaults) {
        return deploy(war, contextPath, parameters, containerDefaults, 0);
    }

    /**
     * As {@link #deploy(Path, String, Map, boolean)}, listening on {@code port} (0: any free one); for
     * a WAR that must be told its own address in a context parameter, as a cluster member is.
     */
    public static DeployedWar deploy(Path war, String contextPath, Map<String, String> parameters, boolean containerDefaults,
            int port) {
        if (!Files.isRegularFile(war)) {
            throw new IllegalStateException(war.toAbsolutePath() + " is missing: build it with 'mvn verify'");
        }
        try {
            Path base = Files.createTempDirectory("sd-war");
            Files.createDirectories(base.resolve("webapps"));
            Tomcat tomcat = new Tomcat();
            tomcat.setBaseDir(base.toString());
            tomcat.getHost().setAppBase(base.resolve("webapps").toString());
            Connector connector = new Connector("org.apache.coyote.http11.Http11NioProtocol");
            connector.setPort(port);
            connector.setProperty("address", "127.0.0.1");
            tomcat.setConnector(connector);
            tomcat.setAddDefaultWebXmlToWebapp(containerDefaults);
            Context context = tomcat.addWebapp(contextPath, war.toAbsolutePath().toString());
            parameters.forEach((name, value) -> {
                ApplicationParameter parameter = new ApplicationParameter(); // as a <Parameter> of a context.xml
                parameter.setName(name);
                parameter.setValue(value);
                parameter.setOverride(false); // wins over the WAR's own web.xml default
                context.addApplicationParameter(parameter);
            });
            tomcat.start();
            if (!context.getState().isAvailable()) {
                tomcat.stop();
                throw new IllegalStateException("the WAR did not start; see the log above");
            }
            return new DeployedWar(tomcat, connector, contextPath, context);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (LifecycleException e) {
            throw new IllegalStateException("Tomcat did not start", e);
        }
    }

    /** A loopback port free at the time of asking, for {@link #deploy(Path, String, Map, boolean, int)}. */
    public static int freePort() {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public URI baseUri() {
        return URI.create("http://localhost:" + connector.getLocalPort() + contextPath);
    }

    /** The deployed context, e.g. to stop it alone or to reach its class loader. */
    public Context context() {
        return context;
    }

    @Override
    public void close() {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            throw new IllegalStateException("Tomcat did not stop", e);
        }
    }
}
