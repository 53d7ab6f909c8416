package org.servicedomain.node.engine.monitor;

import org.servicedomain.node.core.LogId;
import org.servicedomain.node.core.RequestContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One line per metered virtual-port call on the SLF4J logger {@value #LOGGER} (off unless the
 * operator turns it on): request id, port, operation, instance, status, duration and trace id, as text and
 * as key-value pairs for a JSON layout. When the logger is off a call costs one level check.
 */
public final class AccessLog {

    /** The access log's logger name. */
    public static final String LOGGER = "sd.access";

    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

    private AccessLog() {
    }

    /** A provider answered with HTTP {@code status}. */
    static void answered(RequestContext request, String instanceId, int status, long nanos) {
        if (LOG.isInfoEnabled()) {
            record(request, instanceId, Integer.toString(status), nanos);
        }
    }

    /** No provider answered: the node's fault {@code code} went back. */
    static void faulted(RequestContext request, String code, long nanos) {
        if (LOG.isInfoEnabled()) {
            record(request, null, code, nanos);
        }
    }

    private static void record(RequestContext request, String instanceId, String status, long nanos) {
        LogId id = request.tag(LogId.class);
        String requestId = id == null ? "-" : id.requestId();
        String traceId = id == null || id.traceId() == null ? "-" : id.traceId();
        String port = request.virtualPort().name();
        String operation = request.operation();
        String instance = instanceId == null ? "-" : instanceId;
        double millis = nanos / 1_000_000.0;
        LOG.atInfo().addKeyValue("requestId", requestId).addKeyValue("port", port).addKeyValue("operation", operation)
                .addKeyValue("instance", instance).addKeyValue("status", status).addKeyValue("durationMs", millis)
                .addKeyValue("traceId", traceId)
                .setMessage("{} {} {} {} {} {}ms trace={}")
                .addArgument(requestId).addArgument(port).addArgument(operation).addArgument(instance).addArgument(status)
                .addArgument(() -> String.format(java.util.Locale.ROOT, "%.3f", millis)).addArgument(traceId)
                .log();
    }
}
