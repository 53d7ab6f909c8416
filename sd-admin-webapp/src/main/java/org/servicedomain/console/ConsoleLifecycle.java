package org.servicedomain.console;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRequestEvent;
import jakarta.servlet.ServletRequestListener;
import jakarta.servlet.annotation.WebListener;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.transport.http.HTTPConduitFactory;
import org.apache.cxf.transport.http.URLConnectionHTTPConduit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets the console stop without leaving anything behind in its container, as Tomcat checks when
 * a web application stops. The console's home-port clients live on a CXF bus of its own that
 * closes with the context; they speak HTTP through {@code HttpURLConnection}, whose connection
 * cache runs on the JDK's own thread, rather than {@code java.net.http}, whose client threads would
 * belong to the console and outlive it; and the bus CXF ties to each request thread (a ThreadLocal)
 * is let go when the request ends.
 */
@WebListener
public class ConsoleLifecycle implements ServletContextListener, ServletRequestListener {

    private static final Logger LOG = LoggerFactory.getLogger(ConsoleLifecycle.class);

    private Bus bus;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        bus = BusFactory.newInstance().createBus();
        bus.setExtension((HTTPConduitFactory) (transport, b, endpoint, target) -> new URLConnectionHTTPConduit(b, endpoint, target),
                HTTPConduitFactory.class);
        BusFactory.setDefaultBus(bus);
        BusFactory.setThreadDefaultBus(null);
    }

    @Override
    public void requestDestroyed(ServletRequestEvent event) {
        BusFactory.setThreadDefaultBus(null);
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        event.getServletContext().removeAttribute(NodeConnection.ATTRIBUTE);
        if (bus != null) {
            bus.shutdown(true);
        }
        BusFactory.setDefaultBus(null);
        BusFactory.setThreadDefaultBus(null);
        LOG.info("console stopped; its home-port clients are closed");
    }
}
