package org.servicedomain.client.discovery;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.WebServiceException;
import jakarta.xml.ws.soap.SOAPFaultException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A JAX-WS port that finds its endpoint by WS-Discovery and changes it when it fails or leaves (what
 * WCF calls {@code AutomaticChangeChannelWhenFaulted}, plus an announcement listener). It probes for
 * the port type (and scopes) as soon as it is built, keeps the addresses of the matching virtual
 * ports of every node that answered in the order of its {@link CandidateOrder} (by default lowest
 * load, then lowest p95), and calls the first. Its first call waits only for the first answer. When
 * it listens ({@link Builder#listenOn}), a node's {@code Bye} drops that node before the next call
 * and a matching {@code Hello} adds one. On a connection failure, an HTTP error, or the node's own
 * fault saying it could not serve the call ({@code NoInstanceAvailable}, {@code Timeout},
 * {@code InternalError}, {@code Percolated}) it drops that address and calls the next, probing again
 * when none is left, unless switching on failure is turned off. Any other SOAP fault is the
 * service's answer and is thrown at once. Works with any port generated from a virtual port's WSDL;
 * a call may be sent twice when a node fails after receiving it, so switch only for operations that
 * are safe to repeat.
 */
public final class DiscoveringClient implements InvocationHandler, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DiscoveringClient.class);

    private static final String SD_NAMESPACE = "urn:sd:home:1";
    /** The node's fault codes that mean another node may well serve the same call. */
    private static final Set<String> NODE_UNABLE_CODES = Set.of("NoInstanceAvailable", "Timeout", "InternalError",
            "Percolated");

    private final Object port;
    private final DiscoveryProbe probe;
    private final QName portType;
    private final List<String> scopes;
    private final boolean switchOnFailure;
    private final Candidates candidates;
    private final CandidateSearch search;
    private volatile AnnouncementListener listener;

    private DiscoveringClient(Object port, Builder<?> builder) {
        this.port = port;
        this.probe = builder.probe;
        this.portType = builder.portType;
        this.scopes = builder.scopes;
        this.switchOnFailure = builder.switchOnFailure;
        this.candidates = new Candidates(builder.order);
        this.search = new CandidateSearch(builder.probe, portType, scopes, candidates, builder.cache);
    }

    /**
     * {@code port} (a JAX-WS port of {@code portInterface}) wrapped so each call goes to a discovered
     * virtual port of {@code portType} within {@code scopes}, with the defaults of {@link #builder}.
     * The result is also a {@link BindingProvider}.
     */
    public static <T> T create(Class<T> portInterface, T port, DiscoveryProbe probe, QName portType, List<String> scopes) {
        return builder(portInterface, port, probe, portType).scopes(scopes).build();
    }

    /**
     * A builder of a discovering port: by default no scopes, the load-then-p95 order, switching on
     * failure, the {@linkplain CandidateCache#shared() shared cache}, and no announcement listener.
     */
    public static <T> Builder<T> builder(Class<T> portInterface, T port, DiscoveryProbe probe, QName portType) {
        return new Builder<>(portInterface, port, probe, portType);
    }

    /** The handler behind a port {@link #create} or a builder made, to look at its addresses or close it. */
    public static DiscoveringClient of(Object discoveringPort) {
        return (DiscoveringClient) Proxy.getInvocationHandler(discoveringPort);
    }

    /** The addresses it would call, best first, as of the last probe, announcements and failures. */
    public List<String> addresses() {
        return candidates.addresses();
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class || method.getDeclaringClass() == BindingProvider.class) {
            return call(method, args);
        }
        Set<String> tried = new HashSet<>();
        RuntimeException last = null;
        boolean searched = false;
        while (true) {
            String address = next(tried);
            if (address == null) {
                if (searched) {
                    throw last != null ? last : new WebServiceException("discovery found no virtual port of " + portType
                            + (scopes.isEmpty() ? "" : " in scopes " + scopes));
                }
                search.awaitFirstAnswer();
                searched = true;
                continue;
            }
            tried.add(address);
            ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address);
            try {
                return call(method, args);
            } catch (SOAPFaultException fault) {
                if (!isNodeUnableToServe(fault) || !switchOnFailure) {
                    throw fault;
                }
                LOG.info("{} at {}: the node could not serve it ({}); switching to the next virtual port", method.getName(),
                        address, fault.getMessage());
                failed(address);
                last = fault;
            } catch (WebServiceException failure) {
                if (!switchOnFailure) {
                    throw failure;
                }
                LOG.info("{} failed at {} ({}); switching to the next virtual port", method.getName(), address,
                        failure.toString());
                failed(address);
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
        return candidates.addresses().stream().filter(a -> !tried.contains(a)).findFirst().orElse(null);
    }

    private void failed(String address) {
        candidates.failed(address);
        search.remember();
    }

    private Object call(Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(port, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Probes again, waits for the whole probe, and keeps the addresses found, best first. */
    public void reprobe() {
        search.awaitWholeProbe();
    }

    /** A Hello heard: a target of the port type within the scopes becomes a candidate (resolved first if it has no XAddrs). */
    private void hello(Target target) {
        if (DiscoveryProbe.isProxy(target)) {
            target.xaddrs().forEach(x -> probe.proxyAnnounced(URI.create(x)));
            return;
        }
        if (!target.types().contains(portType) || !ScopeMatch.all(scopes, target.scopes())) {
            return;
        }
        if (target.xaddrs().isEmpty()) {
            search.resolveLater(target);
            return;
        }
        boolean known = candidates.addresses().containsAll(target.xaddrs());
        candidates.hello(target, System.nanoTime());
        search.remember();
        if (!known) {
            LOG.info("WS-Discovery Hello from {} at {}: now calling {}", target.address(), target.xaddrs(),
                    candidates.addresses());
        }
    }

    /** A Bye heard: the target and its addresses stop being candidates before the next call. */
    private void bye(Target target) {
        if (DiscoveryProbe.isProxy(target)) {
            target.xaddrs().forEach(x -> probe.proxyLeft(URI.create(x)));
            return;
        }
        if (candidates.bye(target, System.nanoTime())) {
            search.remember();
            LOG.info("WS-Discovery Bye from {} at {}: dropped; now calling {}", target.address(), target.xaddrs(),
                    candidates.addresses());
        }
    }

    /** Stops listening for announcements; the port still works on what it knows and by probing. */
    @Override
    public void close() {
        AnnouncementListener open = listener;
        if (open != null) {
            open.close();
            listener = null;
        }
    }

    /** How a discovering port is made; see {@link DiscoveringClient#builder}. */
    public static final class Builder<T> {
        private final Class<T> portInterface;
        private final T port;
        private final DiscoveryProbe probe;
        private final QName portType;
        private List<String> scopes = List.of();
        private CandidateOrder order = CandidateOrders.named(CandidateOrders.DEFAULT);
        private boolean switchOnFailure = true;
        private CandidateCache cache = CandidateCache.shared();
        private DiscoveryNetwork announcements;

        private Builder(Class<T> portInterface, T port, DiscoveryProbe probe, QName portType) {
            this.portInterface = portInterface;
            this.port = port;
            this.probe = probe;
            this.portType = portType;
        }

        /** The scopes a virtual port must be in (RFC 3986 matching); none: any. */
        public Builder<T> scopes(List<String> scopes) {
            this.scopes = List.copyOf(scopes);
            return this;
        }

        /** The best-endpoint policy; {@link CandidateOrders} names the built-in ones. */
        public Builder<T> order(CandidateOrder order) {
            this.order = order;
            return this;
        }

        /**
         * Whether a failed call is retried on the next candidate (the default) or thrown to the caller,
         * the client staying on its address until a Bye or {@link DiscoveringClient#reprobe} moves it.
         */
        public Builder<T> switchOnFailure(boolean switchOnFailure) {
            this.switchOnFailure = switchOnFailure;
            return this;
        }

        /** The cache shared with other clients (the default is {@link CandidateCache#shared()}). */
        public Builder<T> cache(CandidateCache cache) {
            this.cache = cache;
            return this;
        }

        /** Listens for Hello and Bye on {@code network} (the group joined on its interface); off by default. */
        public Builder<T> listenOn(DiscoveryNetwork network) {
            this.announcements = network;
            return this;
        }

        /**
         * The discovering port, already looking for candidates: from a fresh cache entry, else by a
         * probe started now. Close its handler ({@link DiscoveringClient#of}) to stop its listener.
         */
        public T build() {
            if (!(port instanceof BindingProvider binding)) {
                throw new IllegalArgumentException("port must be a JAX-WS port (a BindingProvider) but was " + port.getClass());
            }
            // CXF keeps the request context per thread with this set, so threads may call to different addresses
            binding.getRequestContext().put("thread.local.request.context", "true");
            DiscoveringClient client = new DiscoveringClient(port, this);
            if (announcements != null) {
                try {
                    client.listener = AnnouncementListener.start(announcements, new AnnouncementListener.Heard() {
                        @Override
                        public void hello(Target target) {
                            client.hello(target);
                        }

                        @Override
                        public void bye(Target target) {
                            client.bye(target);
                        }
                    });
                } catch (IOException e) {
                    throw new UncheckedIOException("could not listen for announcements on " + announcements, e);
                }
            }
            client.search.startFromCacheOrProbe();
            Object proxy = Proxy.newProxyInstance(portInterface.getClassLoader(),
                    new Class<?>[] {portInterface, BindingProvider.class}, client);
            return portInterface.cast(proxy);
        }
    }
}
