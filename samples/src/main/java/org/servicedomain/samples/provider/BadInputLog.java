package org.servicedomain.samples.provider;

import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.logging.FaultListener;
import org.apache.cxf.message.Message;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs a request the provider refused as the caller's mistake (unreadable XML, an element the
 * service does not know: a SOAP {@code Client} fault) in one line with its cause, where CXF would log
 * a JAXB or parser stack trace for each. Other faults keep CXF's own logging.
 */
final class BadInputLog implements FaultListener {

    private static final Logger LOG = LoggerFactory.getLogger(BadInputLog.class);

    private final String provider;

    BadInputLog(String provider) {
        this.provider = provider;
    }

    @Override
    public boolean faultOccurred(Exception exception, String description, Message message) {
        if (!(exception instanceof Fault fault) || !callersMistake(fault)) {
            return true;
        }
        LOG.warn("provider {} refused a bad request: {}", provider, oneLine(fault.getMessage()));
        return false;
    }

    /** CXF's own client code, SOAP 1.1's {@code Client} or SOAP 1.2's {@code Sender}. */
    private static boolean callersMistake(Fault fault) {
        String code = fault.getFaultCode() == null ? "" : fault.getFaultCode().getLocalPart();
        return "client".equalsIgnoreCase(code) || "Sender".equals(code);
    }

    private static String oneLine(String message) {
        return message == null ? "(no message)" : message.replaceAll("\\s+", " ").trim();
    }
}
