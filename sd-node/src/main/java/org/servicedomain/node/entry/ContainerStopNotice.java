package org.servicedomain.node.entry;

import jakarta.servlet.ServletContext;
import java.lang.management.ManagementFactory;
import java.util.Set;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.catalina.Container;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.LifecycleListener;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.core.StandardWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hears that Tomcat is about to stop this web application (undeploy, reload, shutdown) while it still maps
 * requests to it and its servlets serve: a listener placed first on the context hears
 * {@code before_stop}, before Tomcat unmaps the context and stops the servlets, whereas
 * {@code contextDestroyed} comes only once they are gone (the Servlet specification's order). The context
 * is found through its JMX MBean, the one door Tomcat opens to a web application; another container, or
 * Tomcat without JMX, gives none, and the WAR then drains late.
 */
final class ContainerStopNotice implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ContainerStopNotice.class);

    private final StandardContext context;
    private final LifecycleListener listener;

    private ContainerStopNotice(StandardContext context, LifecycleListener listener) {
        this.context = context;
        this.listener = listener;
    }

    /**
     * Runs {@code stopping} on Tomcat's stopping thread before it stops {@code servletContext}; the stop
     * waits for it. Null (logged) when the container does not tell.
     */
    static ContainerStopNotice listen(ServletContext servletContext, Runnable stopping) {
        StandardContext context = tomcatContext(servletContext);
        if (context == null) {
            LOG.warn("the container does not say when it stops this web application (no Tomcat context MBean for"
                    + " '{}'): the node drains only once its servlets are stopped, so calls in flight at undeploy get"
                    + " the container's own unload delay, not sd.drainGraceMs", servletContext.getContextPath());
            return null;
        }
        LifecycleListener listener = event -> {
            if (Lifecycle.BEFORE_STOP_EVENT.equals(event.getType())) {
                stopping.run();
            }
        };
        LifecycleListener[] others = context.findLifecycleListeners();
        for (LifecycleListener other : others) {
            context.removeLifecycleListener(other);
        }
        context.addLifecycleListener(listener); // first: before the mapper's listener unmaps the context
        for (LifecycleListener other : others) {
            context.addLifecycleListener(other);
        }
        return new ContainerStopNotice(context, listener);
    }

    /** The requests this web application is serving now: synchronous ones in a servlet, and asynchronous ones. */
    long inFlight() {
        long count = context.getInProgressAsyncCount();
        for (Container servlet : context.findChildren()) {
            if (servlet instanceof StandardWrapper wrapper) {
                count += wrapper.getCountAllocated();
            }
        }
        return count;
    }

    /** Tomcat's context of {@code servletContext}, from its MBean {@code ENGINE:j2eeType=WebModule,name=//HOST/PATH,...}. */
    private static StandardContext tomcatContext(ServletContext servletContext) {
        String virtualServer = servletContext.getVirtualServerName();
        int slash = virtualServer == null ? -1 : virtualServer.indexOf('/');
        if (slash <= 0) {
            return null;
        }
        String path = servletContext.getContextPath().isEmpty() ? "/" : servletContext.getContextPath();
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            Set<ObjectName> found = server.queryNames(new ObjectName(virtualServer.substring(0, slash)
                    + ":j2eeType=WebModule,name=//" + virtualServer.substring(slash + 1) + path + ",*"), null);
            if (found.size() != 1) {
                return null;
            }
            Object resource = server.getAttribute(found.iterator().next(), "managedResource");
            return resource instanceof StandardContext context ? context : null;
        } catch (JMException | LinkageError e) {
            LOG.debug("no Tomcat context for {} and {}", virtualServer, path, e);
            return null;
        }
    }

    @Override
    public void close() {
        context.removeLifecycleListener(listener);
    }
}
