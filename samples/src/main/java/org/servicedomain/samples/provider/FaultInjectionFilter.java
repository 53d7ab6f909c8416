package org.servicedomain.samples.provider;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sits in front of CXF and decides, per SOAP request (POST), whether the service answers or an
 * injected fault does: delay first, then the {@link FaultMode}, then the random fail rate. GETs
 * (the WSDL) pass straight through. RESET is only marked here; {@link ConnectionAbortValve} does it.
 */
final class FaultInjectionFilter implements Filter {

    private static final Logger log = LoggerFactory.getLogger(FaultInjectionFilter.class);

    private final String providerName;
    private final boolean soap12;
    private final FaultControls controls;

    FaultInjectionFilter(String providerName, boolean soap12, FaultControls controls) {
        this.providerName = providerName;
        this.soap12 = soap12;
        this.controls = controls;
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        String prober = request.getHeader(SampleProvider.PROBE_HEADER);
        if (prober != null) {
            controls.countProbe(prober);
        }
        if (!"POST".equals(request.getMethod())) {
            chain.doFilter(request, response);
            return;
        }
        controls.countReceived(prober != null);
        if (prober == null) {
            controls.traced(request.getHeader(LastTraceServlet.TRACEPARENT), request.getHeader(LastTraceServlet.TRACESTATE));
        }
        ReadAheadRequest readAhead = controls.limited() ? ReadAheadRequest.of(request) : null;
        FaultControls.Worker worker;
        try {
            worker = controls.awaitWorker(readAhead == null ? "-" : readAhead.symbol());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            log.debug("provider {} interrupted while a request waited for a worker", providerName, e);
            InjectedResponses.plainText(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE,
                    "provider " + providerName + " interrupted");
            return;
        }
        try {
            serveWithFaults(readAhead != null ? readAhead : request, response, chain, worker);
        } finally {
            worker.release();
            worker.countWait();
        }
    }

    /**
     * Delay first, then the fault mode, then the random fail rate. The worker is given back once the
     * delay (the request's work) and any hang are over, before the answer is written.
     */
    private void serveWithFaults(HttpServletRequest request, HttpServletResponse response, FilterChain chain,
            FaultControls.Worker worker) throws IOException, ServletException {
        FaultMode mode;
        try {
            mode = controls.awaitDelay() ? controls.awaitActionableMode() : null;
            worker.release();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            log.debug("provider {} interrupted while holding a request", providerName, e);
            InjectedResponses.plainText(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE,
                    "provider " + providerName + " interrupted");
            return;
        }
        if (mode == null) {
            InjectedResponses.plainText(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE,
                    "provider " + providerName + " stopping");
            return;
        }
        switch (mode) {
            case HTTP_500_PLAIN -> InjectedResponses.plainText(response, HttpServletResponse.SC_INTERNAL_SERVER_ERROR,
                    "injected HTTP 500 from " + providerName);
            case SOAP_FAULT -> InjectedResponses.soapFault(response, soap12, "injected fault from " + providerName);
            case RESET -> request.setAttribute(ConnectionAbortValve.ABORT_ATTRIBUTE, Boolean.TRUE);
            case NONE -> serveUnlessUnlucky(request, response, chain);
            case HANG -> throw new IllegalStateException("awaitActionableMode never answers HANG");
        }
    }

    private void serveUnlessUnlucky(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (controls.drawFailure()) {
            InjectedResponses.plainText(response, HttpServletResponse.SC_INTERNAL_SERVER_ERROR,
                    "simulated failure from " + providerName + " (fail rate " + controls.failRate() + ")");
            return;
        }
        controls.countServed(); // before the chain: the answer may reach the caller before the chain returns
        chain.doFilter(request, response);
    }
}
