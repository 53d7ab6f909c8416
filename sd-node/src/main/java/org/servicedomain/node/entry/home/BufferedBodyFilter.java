package org.servicedomain.node.entry.home;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.entry.children.ForwardedCalls;
import org.servicedomain.node.entry.port.ArrivingBodyReader;
import org.servicedomain.node.entry.port.BodyPolicy;
import org.servicedomain.node.entry.port.BodyWatch;
import org.servicedomain.node.entry.port.HttpAnswer;
import org.servicedomain.node.entry.port.SoapFaultWriter;
import org.servicedomain.node.hierarchy.AdminProof;
import org.servicedomain.node.hierarchy.ParentProof;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * In front of the synchronous CXF home port: reads a POST's whole body without holding a thread,
 * refusing one over the home port's message limit before anything parses it and one that arrives
 * too slowly, then dispatches the request again with the body in memory, so CXF's thread never
 * waits on a client. A request with a parent's admin proof gets its body's SHA-256 as the request
 * attribute {@link ForwardedCalls#BODY_DIGEST}, which the proof is checked against.
 */
public final class BufferedBodyFilter implements Filter {

    private static final Logger LOG = LoggerFactory.getLogger(BufferedBodyFilter.class);
    private static final String BODY = BufferedBodyFilter.class.getName() + ".body";

    private final BodyPolicy policy;
    private final BodyWatch watch;

    public BufferedBodyFilter(BodyPolicy policy) {
        this.policy = policy;
        this.watch = new BodyWatch(policy);
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        Object read = request.getAttribute(BODY);
        if (read instanceof byte[] body) {
            request.removeAttribute(BODY);
            if (AdminProof.isAdminProof(http.getHeader(ParentProof.HEADER))) {
                request.setAttribute(ForwardedCalls.BODY_DIGEST, AdminProof.digest(body));
            }
            chain.doFilter(new BufferedRequest(http, body), response);
            return;
        }
        if (!"POST".equals(http.getMethod())) {
            chain.doFilter(request, response);
            return;
        }
        AsyncContext async = request.startAsync();
        async.setTimeout(0);
        ArrivingBodyReader.start(http, policy, watch).bytes().whenComplete((body, error) -> {
            if (error == null) {
                request.setAttribute(BODY, body);
                async.dispatch();
            } else {
                refuse((HttpServletResponse) response, Completions.cause(error));
                async.complete();
            }
        });
    }

    private static void refuse(HttpServletResponse response, Throwable failure) {
        NodeFault fault = failure instanceof NodeFault f ? f : new NodeFault(FaultCode.BadRequest, failure.toString());
        LOG.debug("refused a home-port request's body: {}", fault.getMessage());
        SoapFaultWriter.FaultResponse out = SoapFaultWriter.write(fault, SoapVersion.SOAP_11);
        try {
            HttpAnswer.send(response, out.status(), out.contentType(), out.body(), true);
        } catch (IOException | IllegalStateException e) {
            LOG.debug("the refusal could not be written: {}", e.toString());
        }
    }

    @Override
    public void destroy() {
        watch.close();
    }

    /** The request with its body already in memory. */
    private static final class BufferedRequest extends HttpServletRequestWrapper {

        private final byte[] body;

        BufferedRequest(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new IllegalStateException("the body is already read");
                }
            };
        }
    }
}
