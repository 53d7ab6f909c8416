package org.servicedomain.samples.provider;

import jakarta.servlet.ServletException;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.StandardSocketOptions;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.AbstractProcessor;
import org.apache.coyote.ActionCode;
import org.apache.tomcat.util.net.NioChannel;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out {@link FaultMode#RESET}: when the filter chain marked the request, the connection is
 * closed without a byte of response. Servlet filters cannot reach the socket, so this Tomcat valve
 * does it: it sets SO_LINGER 0 on the NIO channel (through Tomcat internals, hence reflection) so
 * the close is a TCP RST, then asks Tomcat to close the connection now ({@link ActionCode#CLOSE_NOW}),
 * which also suppresses the response. Without the reflection the close is a plain FIN.
 */
final class ConnectionAbortValve extends ValveBase {

    /** Request attribute the fault filter sets to ask for the connection to be reset. */
    static final String ABORT_ATTRIBUTE = ConnectionAbortValve.class.getName() + ".abort";

    private static final Logger log = LoggerFactory.getLogger(ConnectionAbortValve.class);
    private static final AtomicBoolean lingerWarned = new AtomicBoolean();

    ConnectionAbortValve() {
        super(true);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        getNext().invoke(request, response);
        if (request.getAttribute(ABORT_ATTRIBUTE) != null) {
            org.apache.coyote.Response coyote = response.getCoyoteResponse();
            setZeroLinger(coyote);
            coyote.action(ActionCode.CLOSE_NOW, null);
        }
    }

    private static void setZeroLinger(org.apache.coyote.Response coyote) {
        try {
            Field hookField = org.apache.coyote.Response.class.getDeclaredField("hook");
            hookField.setAccessible(true);
            if (hookField.get(coyote) instanceof AbstractProcessor processor) {
                Method wrapperGetter = AbstractProcessor.class.getDeclaredMethod("getSocketWrapper");
                wrapperGetter.setAccessible(true);
                SocketWrapperBase<?> wrapper = (SocketWrapperBase<?>) wrapperGetter.invoke(processor);
                if (wrapper != null && wrapper.getSocket() instanceof NioChannel channel) {
                    channel.getIOChannel().setOption(StandardSocketOptions.SO_LINGER, 0);
                    return;
                }
            }
            warnOnce("the connection is not an NIO channel", null);
        } catch (ReflectiveOperationException | RuntimeException | IOException e) {
            warnOnce(e.toString(), e);
        }
    }

    private static void warnOnce(String why, Exception e) {
        if (lingerWarned.compareAndSet(false, true)) {
            log.warn("RESET falls back to closing connections without a TCP reset: {}", why, e);
        } else {
            log.debug("RESET without a TCP reset: {}", why, e);
        }
    }
}
