package org.servicedomain.node.engine.health;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import javax.xml.namespace.QName;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.CalledOperation;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.Prober;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.dispatch.InstanceDispatcher;
import org.servicedomain.node.policy.HealthRule;
import org.servicedomain.node.policy.PortPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Probes an instance the way its port's health rule says: by calling the rule's probe operation
 * with its payload (passing on a 2xx reply, i.e. not a fault), or, when the rule names none or the
 * instance does not implement it (a placed port type, a narrower WSDL), by the WSDL probe. The
 * call goes straight to the instance, outside failover and the monitor.
 */
public final class OperationProbe implements InstanceProbe {

    private static final Logger LOG = LoggerFactory.getLogger(OperationProbe.class);

    private final Catalog catalog;
    private final Function<String, PortPolicy> policies;
    private final InstanceProbe otherwise;
    private final InstanceDispatcher dispatcher;
    private final Prober prober;

    /** @param policies the policy of a virtual port, read from the policy in force */
    public OperationProbe(Catalog catalog, Function<String, PortPolicy> policies, InstanceProbe otherwise,
            InstanceDispatcher dispatcher) {
        this(catalog, policies, otherwise, dispatcher, null);
    }

    /** @param prober this node's id, sent in {@value Prober#HEADER} with every probe call; null sends none */
    public OperationProbe(Catalog catalog, Function<String, PortPolicy> policies, InstanceProbe otherwise,
            InstanceDispatcher dispatcher, String prober) {
        this.prober = prober == null ? null : new Prober(prober);
        this.catalog = catalog;
        this.policies = policies;
        this.otherwise = otherwise;
        this.dispatcher = dispatcher;
    }

    @Override
    public boolean passes(Instance instance) {
        PortPolicy policy = policies.apply(instance.virtualPort());
        HealthRule.ProbeOperation probe = policy.health().probe();
        if (probe == null) {
            return otherwise.passes(instance);
        }
        CatalogSnapshot snapshot = catalog.snapshot();
        VirtualPort port = snapshot.port(instance.virtualPort()).orElse(null);
        QName element = port == null ? null : port.elementOf(probe.operation()).orElse(null);
        if (element == null) {
            LOG.warn("probe operation {} is not an operation of virtual port {}; instance {} stays ejected",
                    probe.operation(), instance.virtualPort(), instance.id());
            return false;
        }
        if (!snapshot.implementsInPort(instance, element)) {
            LOG.debug("instance {} does not implement probe operation {}; probing its WSDL instead",
                    instance.id(), probe.operation());
            return otherwise.passes(instance);
        }
        String action = port.soapActions().get(probe.operation());
        SoapVersion version = port.soapVersion();
        String contentType = version.mediaType() + "; charset=UTF-8"
                + (version == SoapVersion.SOAP_12 && action != null ? "; action=\"" + action + "\"" : "");
        byte[] envelope = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><soap:Envelope xmlns:soap=\""
                + version.envelopeNamespace() + "\"><soap:Body>" + probe.payload() + "</soap:Body></soap:Envelope>")
                .getBytes(StandardCharsets.UTF_8);
        RequestContext request = new RequestContext(port, probe.operation(), Caller.ANONYMOUS, Map.of(),
                version == SoapVersion.SOAP_11 && action != null ? "\"" + action + "\"" : null, contentType, envelope)
                .withTag(CalledOperation.class, new CalledOperation(probe.operation(), element));
        if (prober != null) {
            request = request.withTag(Prober.class, prober);
        }
        Duration timeout = instance.timeoutMs() != null ? Duration.ofMillis(instance.timeoutMs())
                : policy.recovery().instanceTimeout();
        try {
            // the probe runs on the health timer's own thread, which may wait for its answer
            ProviderReply reply = dispatcher.dispatch(instance, request, timeout).join();
            boolean passed = reply.status() >= 200 && reply.status() < 300;
            if (!passed) {
                LOG.debug("probe {} of {} answered HTTP {}", probe.operation(), instance.id(), reply.status());
            }
            return passed;
        } catch (CompletionException e) {
            LOG.debug("probe {} of {} failed: {}", probe.operation(), instance.id(), Completions.cause(e).getMessage());
            return false;
        }
    }
}
