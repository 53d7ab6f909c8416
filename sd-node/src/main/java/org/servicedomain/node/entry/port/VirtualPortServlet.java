package org.servicedomain.node.entry.port;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.servicedomain.node.core.ArrivingBody;
import org.servicedomain.node.core.DaemonThreads;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.engine.RequestTerms;
import org.servicedomain.node.engine.monitor.RequestId;
import org.servicedomain.node.engine.offload.Offload;
import org.servicedomain.node.tracing.TraceHeaders;
import org.servicedomain.node.tracing.TraceParent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tomcat's entry to the virtual ports ({@code /services/ports/{name}}): adapts the servlet API to
 * the {@link VirtualPortFront} and back. On POST it goes asynchronous and reads the body without
 * blocking; no thread waits for the client's body or for a provider. Tomcat offers no way to hold a
 * connection's next request, so a refusal under overload is itself held for its pause.
 */
public final class VirtualPortServlet extends HttpServlet {

    private static final Logger LOG = LoggerFactory.getLogger(VirtualPortServlet.class);
    /** The longest a request may stay open whatever happens; every wait of the chain has a shorter bound of its own. */
    private static final Duration LAST_RESORT = Duration.ofMinutes(30);

    private final transient VirtualPortFront front;
    private final transient BodyWatch bodyWatch;
    /** Writes the refusals held for their pause; each is a task, no thread waits. */
    private final transient ScheduledExecutorService heldRefusals =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("sd-refusal-pause"));
    /**
     * The refusals held now, kept apart from the timer's queue because {@code shutdownNow()} drops its
     * tasks: {@link #destroy()} writes these at once, so no client loses its fault to an undeploy or a stop.
     */
    private final transient Set<HeldRefusal> held = ConcurrentHashMap.newKeySet();

    public VirtualPortServlet(VirtualPortFront front) {
        this.front = front;
        this.bodyWatch = new BodyWatch(front.bodyPolicy());
    }

    @Override
    public void destroy() {
        bodyWatch.close();
        heldRefusals.shutdownNow(); // first, so a refusal held from now on is written at once (rejected below)
        held.forEach(HeldRefusal::write);
        held.clear();
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        FrontAnswer answer = front.describe(portName(request), request.getQueryString(), NodeAddress.asked(request));
        HttpAnswer.send(response, answer);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) {
        AsyncContext async = request.startAsync();
        async.setTimeout(LAST_RESORT.toMillis());
        ArrivingBody body = ArrivingBodyReader.start(request, front.bodyPolicy(), bodyWatch);
        TraceHeaders.Received trace = TraceHeaders.received(request.getHeaders(TraceParent.HEADER).asIterator(),
                request.getHeaders(TraceParent.STATE_HEADER).asIterator());
        VirtualPortFront.Call call = front.call(new VirtualPortFront.CallHead(portName(request), request.getContentType(),
                request.getHeader("SOAPAction"), request.getHeader(RequestTerms.TIMEOUT_HEADER),
                request.getHeader(Offload.HOP_HEADER) != null, request.getHeader(RequestId.HEADER),
                trace.traceparent(), trace.tracestate()), body);
        Answer answer = new Answer(async, response, call.requestId(), portName(request), request.getContentType());
        async.addListener(answer);
        call.answer().thenAccept(written -> {
            if (written.readPause().isZero()) {
                answer.write(written);
                return;
            }
            hold(new HeldRefusal(answer, written));
        });
    }

    /** Writes {@code refusal} once its pause is over, or at once when the servlet is being destroyed. */
    private void hold(HeldRefusal refusal) {
        held.add(refusal);
        try {
            heldRefusals.schedule(() -> {
                held.remove(refusal);
                refusal.write();
            }, refusal.answer().readPause().toNanos(), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException stopping) {
            held.remove(refusal);
            refusal.write(); // the servlet is being destroyed: answer now rather than never
        }
    }

    /** A refusal waiting out its pause: the request's {@link Answer}, and what it will be told. */
    private record HeldRefusal(Answer request, FrontAnswer answer) {
        void write() {
            request.write(answer);
        }
    }

    /** Writes one request's answer once, whichever comes first: the front's, or the last-resort timeout's. */
    private final class Answer implements AsyncListener {

        private final AsyncContext async;
        private final HttpServletResponse response;
        private final String requestId;
        private final String portName;
        private final String contentType;
        private final AtomicBoolean written = new AtomicBoolean();

        Answer(AsyncContext async, HttpServletResponse response, String requestId, String portName, String contentType) {
            this.async = async;
            this.response = response;
            this.requestId = requestId;
            this.portName = portName;
            this.contentType = contentType;
        }

        void write(FrontAnswer answer) {
            if (!written.compareAndSet(false, true)) {
                return;
            }
            try {
                HttpAnswer.send(response, answer);
            } catch (IOException | IllegalStateException e) {
                LOG.debug("the answer to request {} could not be written: {}", requestId, e.toString());
            } finally {
                async.complete();
            }
        }

        @Override
        public void onTimeout(AsyncEvent event) {
            write(front.refused(new NodeFault(FaultCode.Timeout, "the node gave up on the request after "
                    + LAST_RESORT.toMinutes() + " minutes"), portName, contentType, requestId));
        }

        @Override
        public void onComplete(AsyncEvent event) {
            // written already
        }

        @Override
        public void onError(AsyncEvent event) {
            written.set(true);
            LOG.debug("request {} ended with an error on its connection: {}", requestId, String.valueOf(event.getThrowable()));
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            // one asynchronous cycle per request
        }
    }

    private static String portName(HttpServletRequest request) {
        String path = request.getPathInfo();
        if (path == null || path.length() < 2) {
            return "";
        }
        return path.substring(1);
    }
}
