package org.servicedomain.samples.provider;

import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * Routes java.util.logging (Tomcat's and CXF's logging) to SLF4J once per JVM, so logback levels
 * apply. It replaces JUL's root console handler, which is JVM-wide: fine for tests and the CLI.
 */
final class JulBridge {

    private JulBridge() {
    }

    static synchronized void install() {
        if (!SLF4JBridgeHandler.isInstalled()) {
            SLF4JBridgeHandler.removeHandlersForRootLogger();
            SLF4JBridgeHandler.install();
        }
    }
}
