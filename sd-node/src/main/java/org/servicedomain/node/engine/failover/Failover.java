package org.servicedomain.node.engine.failover;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.servicedomain.node.FaultCode;
import org.servicedomain.node.NodeFault;
import org.servicedomain.node.catalog.Instance;
import org.servicedomain.node.engine.RequestContext;
import org.servicedomain.node.engine.lookup.Lookup;
import org.servicedomain.node.engine.monitor.EngineListener;
import org.servicedomain.node.policy.PortPolicy;
import org.servicedomain.node.rendering.DispatchException;
import org.servicedomain.node.rendering.InstanceDispatcher;
import org.servicedomain.node.rendering.ProviderReply;

/**
 * Wraps selection and rendering: when a dispatch gets no usable answer, looks up and selects
 * again among the instances not yet tried, up to the recovery rule's retries. A provider's own
 * SOAP fault is an answer and ends the loop. When nothing is left, {@code NoInstanceAvailable}
 * names every instance tried and why it failed.
 */
public final class Failover {

    private final Lookup lookup;
    private final InstanceDispatcher dispatcher;
    private final EngineListener listener;

    public Failover(Lookup lookup, InstanceDispatcher dispatcher, EngineListener listener) {
        this.lookup = lookup;
        this.dispatcher = dispatcher;
        this.listener = listener;
    }

    public ProviderReply dispatch(RequestContext request, PortPolicy policy) {
        List<NodeFault.Attempt> attempts = new ArrayList<>();
        List<String> tried = new ArrayList<>();
        int maxAttempts = policy.recovery().retries() + 1;
        while (attempts.size() < maxAttempts) {
            List<Instance> candidates = untried(lookup.candidates(request), tried);
            if (candidates.isEmpty()) {
                break;
            }
            Instance instance = policy.selector().select(candidates, request);
            tried.add(instance.id());
            listener.dispatching(request, instance);
            long start = System.nanoTime();
            try {
                ProviderReply reply = dispatcher.dispatch(instance, request, timeoutFor(instance, policy));
                listener.dispatched(request, instance, System.nanoTime() - start);
                return reply;
            } catch (DispatchException e) {
                listener.dispatchFailed(request, instance, System.nanoTime() - start, e);
                attempts.add(new NodeFault.Attempt(instance.id(), instance.endpointAddress(), e.getMessage()));
            }
        }
        throw noInstanceAvailable(request, attempts);
    }

    private static List<Instance> untried(List<Instance> candidates, List<String> tried) {
        if (tried.isEmpty()) {
            return candidates;
        }
        List<Instance> left = new ArrayList<>(candidates.size());
        for (Instance candidate : candidates) {
            if (!tried.contains(candidate.id())) {
                left.add(candidate);
            }
        }
        return left;
    }

    private static Duration timeoutFor(Instance instance, PortPolicy policy) {
        return instance.timeoutMs() != null ? Duration.ofMillis(instance.timeoutMs()) : policy.recovery().instanceTimeout();
    }

    private static NodeFault noInstanceAvailable(RequestContext request, List<NodeFault.Attempt> attempts) {
        StringBuilder message = new StringBuilder("no instance of virtual port ")
                .append(request.virtualPort().name()).append(" could serve ").append(request.operation());
        if (attempts.isEmpty()) {
            message.append(": none is operational");
        } else {
            message.append("; tried ");
            for (int i = 0; i < attempts.size(); i++) {
                NodeFault.Attempt a = attempts.get(i);
                message.append(i == 0 ? "" : ", ").append(a.instanceId()).append(" (").append(a.reason()).append(')');
            }
        }
        return new NodeFault(FaultCode.NoInstanceAvailable, message.toString(), attempts);
    }
}
