package org.servicedomain.node.entry.ops;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ReadListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.entry.port.ArrivingBodyReader;
import org.servicedomain.node.entry.port.BodyPolicy;
import org.servicedomain.node.entry.port.BodyWatch;
import org.servicedomain.node.entry.port.HttpAnswer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the small bodies of the node's control endpoints (the discovery proxy, member sessions)
 * through the node's one {@link BodyPolicy}, without holding a thread: a client that trickles its
 * body, or never finishes it, holds a few bytes of memory and no Tomcat thread, and is refused once
 * it falls below the minimum rate or over the body timeout, as on the virtual ports.
 */
final class ControlBodies implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ControlBodies.class);

    /** What an endpoint does with a body once it has arrived in full, on the thread that completed it. */
    @FunctionalInterface
    interface Answerer {
        void answer(byte[] body, HttpServletResponse response) throws IOException;
    }

    private final BodyPolicy policy;
    private final BodyWatch watch;

    /** @param policy the node's body policy, its size held to what the endpoint's messages need */
    ControlBodies(BodyPolicy policy) {
        this.policy = policy;
        this.watch = new BodyWatch(policy);
    }

    /**
     * Goes asynchronous, reads the body, then lets {@code answerer} answer it; a body declared over the
     * limit is refused 413 at once, one that grows over it or arrives too slowly 400, with the
     * connection closed since the rest of its body was never read.
     */
    void readThen(HttpServletRequest request, HttpServletResponse response, Answerer answerer) throws IOException {
        long declared = request.getContentLengthLong();
        if (declared > policy.maxBytes()) {
            refuseUnread(request, response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, policy.tooLarge(declared));
            return;
        }
        AsyncContext async = request.startAsync();
        async.setTimeout(0);
        ArrivingBodyReader.start(request, policy, watch).bytes().whenComplete((body, error) -> {
            try {
                if (error == null) {
                    answerer.answer(body, response);
                } else {
                    String why = Completions.cause(error).getMessage();
                    LOG.debug("refused the body of a call to {} from {}: {}", request.getRequestURI(), request.getRemoteAddr(), why);
                    HttpAnswer.send(response, HttpServletResponse.SC_BAD_REQUEST, "text/plain; charset=UTF-8",
                            why.getBytes(StandardCharsets.UTF_8), true);
                }
            } catch (IOException e) {
                LOG.debug("the answer to a call to {} from {} could not be written: {}", request.getRequestURI(), request.getRemoteAddr(),
                        e.toString());
            } catch (RuntimeException e) {
                LOG.warn("the answer to a call to {} from {} could not be completed", request.getRequestURI(), request.getRemoteAddr(), e);
            } finally {
                async.complete();
            }
        });
    }

    /**
     * Answers {@code status} without reading the body, and closes the connection. The input is switched to
     * non-blocking first: otherwise Tomcat, ending the request, would wait on a thread for the unread rest
     * of the body, which a slow client never sends.
     */
    static void refuseUnread(HttpServletRequest request, HttpServletResponse response, int status, String why) throws IOException {
        AsyncContext async = request.startAsync();
        try {
            request.getInputStream().setReadListener(Unread.LISTENER);
            HttpAnswer.send(response, status, "text/plain; charset=UTF-8", why.getBytes(StandardCharsets.UTF_8), true);
        } finally {
            async.complete();
        }
    }

    /** Reads nothing: the body of a refused request is left to the closing connection. */
    private enum Unread implements ReadListener {
        LISTENER;

        @Override
        public void onDataAvailable() {
            // never read
        }

        @Override
        public void onAllDataRead() {
            // nothing was wanted
        }

        @Override
        public void onError(Throwable t) {
            LOG.debug("the connection of a refused request failed: {}", t.toString());
        }
    }

    @Override
    public void close() {
        watch.close();
    }
}
