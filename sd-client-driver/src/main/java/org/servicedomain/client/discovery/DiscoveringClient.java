package org.servicedomain.client.discovery;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.WebServiceException;
import jakarta.xml.ws.soap.SOAPFaultException;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import javax.xml.namespace.QName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A JAX-WS port that finds its endpoint by WS-Discovery and changes it when it fails (what WCF calls
 * {@code AutomaticChangeChannelWhenFaulted}): it probes for the port type (and scopes), keeps the
 * addresses of the matching virtual ports of every node that answered, best first (lowest load, then
 * lowest p95, by the nodes' quality scopes; else in the order found), calls the first, and on a
 * connection failure, an HTTP error, or the node's own fault saying it could not serve the call
 * ({@code NoInstanceAvailable}, {@code Timeout}, {@code InternalError}, {@code Percolated}) drops that
 * address and calls the next, probing again when none is left. Any other SOAP fault is the service's
 * answer and is thrown at once. Works with any port generated
 * from a virtual port's WSDL; a call may be sent twice when a node fails after receiving it, so use it
 * for operations that are safe to repeat.
 */
public final class DiscoveringClient implements InvocationHandler {

    private static final Logger LOG = LoggerFactory.getLogger(DiscoveringClient.class);

    private static final String SD_NAMESPACE = "urn:sd:home:1";
    /** The node's fault codes that mean another node may well serve the same call. */
    private static final Set<String> NODE_UNABLE_CODES = Set.of("NoInstanceAvailable", "Timeout", "InternalError",
            "Percolated");

    private final Object port;
    private final DiscoveryProbe probe;
    private final QName portType;
    private final List<String> scopes;
    private final AtomicReference<List<String>> addresses = new AtomicReference<>(List.of());

    private DiscoveringClient(Object port, DiscoveryProbe probe, QName portType, List<String> scopes) {
        this.port = port;
        this.probe = probe;
        this.portType = portType;
        this.scopes = List.copyOf(scopes);
    }

    /**
     * {@code port} (a JAX-WS port of {@code portInterface}) wrapped so each call goes to a discovered
     * virtual port of {@code portType} within {@code scopes}. The result is also a {@link BindingProvider}.
     */
    public static <T> T create(Class<T> portInterface, T port, DiscoveryProbe probe, QName portType, List<String> scopes) {
        if (!(port instanceof BindingProvider binding)) {
            throw new IllegalArgumentException("port must be a JAX-WS port (a BindingProvider) but was " + port.getClass());
        }
        // CXF keeps the request context per thread with this set, so threads may call to different addresses
        binding.getRequestContext().put("thread.local.request.context", "true");
        Object proxy = Proxy.newProxyInstance(portInterface.getClassLoader(),
                new Class<?>[] {portInterface, BindingProvider.class}, new DiscoveringClient(port, probe, portType, scopes));
        return portInterface.cast(proxy);
    }

    /** The handler behind a port {@link #create} made, to look at its addresses. */
    public static DiscoveringClient of(Object discoveringPort) {
        return (DiscoveringClient) Proxy.getInvocationHandler(discoveringPort);
    }

    /** The addresses it would call, best first, as of the last probe and failures. */
    public List<String> addresses() {
        return addresses.get();
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class || method.getDeclaringClass() == BindingProvider.class) {
            return call(method, args);
        }
        Set<String> tried = new HashSet<>();
        RuntimeException last = null;
        boolean probed = false;
        while (true) {
            String address = next(tried);
            if (address == null) {
                if (probed) {
                    throw last != null ? last : new WebServiceException("discovery found no virtual port of " + portType
                            + (scopes.isEmpty() ? "" : " in scopes " + scopes));
                }
                reprobe();
                probed = true;
                continue;
            }
            tried.add(address);
            ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address);
            try {
                return call(method, args);
            } catch (SOAPFaultException fault) {
                if (!isNodeUnableToServe(fault)) {
                    throw fault;
                }
                LOG.info("{} at {}: the node could not serve it ({}); switching to the next virtual port", method.getName(),
                        address, fault.getMessage());
                addresses.updateAndGet(list -> list.stream().filter(a -> !a.equals(address)).toList());
                last = fault;
            } catch (WebServiceException failure) {
                LOG.info("{} failed at {} ({}); switching to the next virtual port", method.getName(), address,
                        failure.toString());
                addresses.updateAndGet(list -> list.stream().filter(a -> !a.equals(address)).toList());
                last = failure;
            }
        }
    }

    /**
     * Whether a fault is the node's own saying it could not serve the call (no instance, every one
     * timed out, an internal error), rather than the service's answer: {@code sd:fault/sd:code} in the detail.
     */
    static boolean isNodeUnableToServe(SOAPFaultException fault) {
        if (fault.getFault() == null || fault.getFault().getDetail() == null) {
            return false;
        }
        org.w3c.dom.NodeList codes = fault.getFault().getDetail().getElementsByTagNameNS(SD_NAMESPACE, "code");
        return codes.getLength() > 0 && NODE_UNABLE_CODES.contains(codes.item(0).getTextContent().trim());
    }

    private String next(Set<String> tried) {
        return addresses.get().stream().filter(a -> !tried.contains(a)).findFirst().orElse(null);
    }

    private Object call(Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(port, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Probes again and keeps the addresses found, best first. */
    public void reprobe() {
        List<Target> found;
        try {
            found = probe.probe(List.of(portType), scopes);
        } catch (IOException e) {
            LOG.warn("probe for {} failed: {}", portType, e.toString());
            return;
        }
        List<Target> ordered = new ArrayList<>(found);
        ordered.sort(Comparator.comparingDouble((Target t) -> t.load().orElse(Double.MAX_VALUE))
                .thenComparingDouble(t -> t.p95Ms().orElse(Double.MAX_VALUE)));
        List<String> list = new ArrayList<>();
        ordered.forEach(t -> t.xaddrs().stream().filter(a -> !list.contains(a)).forEach(list::add));
        addresses.set(List.copyOf(list));
        LOG.info("probe for {} found {}", portType, list);
    }
}
