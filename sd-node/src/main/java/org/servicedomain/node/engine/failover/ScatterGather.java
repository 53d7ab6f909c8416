package org.servicedomain.node.engine.failover;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestListener;
import org.servicedomain.node.dispatch.InstanceDispatcher;
import org.servicedomain.node.engine.compose.ComposedAnswer;
import org.servicedomain.node.engine.lookup.Lookup;
import org.servicedomain.node.hierarchy.PercolatedFailure;
import org.servicedomain.node.policy.Composition;
import org.servicedomain.node.policy.Decision;
import org.servicedomain.node.policy.RecoveryRule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Element;

/**
 * Sends one call to several instances at once (every instance the decision admits, or as many as the
 * composition asks for, chosen by the directive) and merges their answers with the composition's
 * composer. Each instance gets the call once, cut to the client's deadline; an instance that fails is
 * not replaced but named in the composed answer's header. When none answers, {@code
 * NoInstanceAvailable} (or {@code Timeout}) names every attempt. No thread waits for the instances.
 */
public final class ScatterGather {

    private static final Logger log = LoggerFactory.getLogger(ScatterGather.class);

    private final Lookup lookup;
    private final InstanceDispatcher dispatcher;
    private final RequestListener listener;

    public ScatterGather(Lookup lookup, InstanceDispatcher dispatcher, RequestListener listener) {
        this.lookup = lookup;
        this.dispatcher = dispatcher;
        this.listener = listener;
    }

    /** What one asked instance gave: its answer's body element, or why there is none. */
    private record Outcome(Instance instance, Element answer, String contentType, String failure, boolean timedOut,
            List<NodeFault.Attempt> attempts) {
    }

    /** The composed answer of the instances asked; fails with a {@link NodeFault} when none answers. */
    public CompletableFuture<ProviderReply> dispatch(RequestContext request, Decision decision, RecoveryRule recovery,
            Composition composition) {
        List<Instance> asked = chosen(request, decision, composition);
        if (asked.isEmpty()) {
            int operational = lookup.candidates(request).size();
            if (operational == 0) {
                listener.noOperationalInstance(request);
            }
            return CompletableFuture.failedFuture(new NodeFault(FaultCode.NoInstanceAvailable,
                    prefix(request) + Failover.noneMayServe(operational, decision)));
        }
        if (request.deadline() != null && request.deadline().passed()) {
            return CompletableFuture.failedFuture(new NodeFault(FaultCode.Timeout,
                    prefix(request) + ": the client's deadline passed before any instance was asked"));
        }
        List<CompletableFuture<Outcome>> sent = new ArrayList<>(asked.size());
        for (Instance instance : asked) {
            sent.add(ask(instance, request, recovery));
        }
        return CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new))
                .thenApply(ignored -> gathered(request, composition, sent.stream().map(CompletableFuture::join).toList()));
    }

    /** The instances to ask: every eligible candidate, or the first {@code instances} the directive picks in turn. */
    private List<Instance> chosen(RequestContext request, Decision decision, Composition composition) {
        List<Instance> found = lookup.candidates(request, decision.supplierLevels());
        List<Instance> eligible = found.isEmpty() ? found : decision.selector().eligible(found, request);
        if (composition.instances() == 0 || composition.instances() >= eligible.size()) {
            return eligible;
        }
        List<Instance> left = new ArrayList<>(eligible);
        List<Instance> picked = new ArrayList<>(composition.instances());
        while (picked.size() < composition.instances()) {
            Instance next = decision.selector().select(left, request);
            picked.add(next);
            left.remove(next);
        }
        return picked;
    }

    private CompletableFuture<Outcome> ask(Instance instance, RequestContext request, RecoveryRule recovery) {
        listener.dispatching(request, instance);
        long start = System.nanoTime();
        Duration timeout = instance.timeoutMs() != null ? Duration.ofMillis(instance.timeoutMs()) : recovery.instanceTimeout();
        CompletableFuture<ProviderReply> sent;
        try {
            sent = dispatcher.dispatch(instance, request, request.deadline() == null ? timeout : request.deadline().cap(timeout));
        } catch (RuntimeException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        return sent.handle((reply, error) -> error == null
                ? answered(instance, request, System.nanoTime() - start, reply)
                : failed(instance, request, System.nanoTime() - start, Completions.cause(error)));
    }

    private Outcome answered(Instance instance, RequestContext request, long nanos, ProviderReply reply) {
        Failover.heardAnswer(listener, request, instance, nanos, reply);
        try {
            return new Outcome(instance, ComposedAnswer.bodyElementOf(reply.body()), reply.contentType(), null, false, List.of());
        } catch (IllegalArgumentException e) {
            String reason = "HTTP " + reply.status() + ", " + e.getMessage();
            return new Outcome(instance, null, null, reason, false,
                    List.of(new NodeFault.Attempt(instance.id(), instance.endpointAddress(), reason)));
        }
    }

    private Outcome failed(Instance instance, RequestContext request, long nanos, Throwable cause) {
        DispatchException failure = cause instanceof DispatchException d ? d
                : new DispatchException(DispatchException.Kind.PROTOCOL, "the node failed dispatching: " + cause, cause);
        if (!(cause instanceof DispatchException)) {
            log.warn("composing {} on {}: dispatching to {} failed", request.operation(), request.virtualPort().name(),
                    instance.id(), cause);
        }
        listener.dispatchFailed(request, instance, nanos, failure);
        return new Outcome(instance, null, null, String.valueOf(failure.getMessage()),
                failure.kind() == DispatchException.Kind.TIMEOUT, PercolatedFailure.attemptsOf(instance, failure));
    }

    private static ProviderReply gathered(RequestContext request, Composition composition, List<Outcome> outcomes) {
        List<Element> answers = new ArrayList<>();
        List<ComposedAnswer.Failure> failures = new ArrayList<>();
        List<NodeFault.Attempt> attempts = new ArrayList<>();
        Outcome first = null;
        boolean allTimedOut = true;
        for (Outcome outcome : outcomes) {
            if (outcome.answer() != null) {
                answers.add(outcome.answer());
                first = first == null ? outcome : first;
            } else {
                failures.add(new ComposedAnswer.Failure(outcome.instance().id(), outcome.failure()));
                attempts.addAll(outcome.attempts());
                allTimedOut &= outcome.timedOut();
            }
        }
        if (answers.isEmpty()) {
            StringBuilder message = new StringBuilder(prefix(request)).append("; asked ");
            for (int i = 0; i < failures.size(); i++) {
                message.append(i == 0 ? "" : ", ").append(failures.get(i).instanceId())
                        .append(" (").append(failures.get(i).reason()).append(')');
            }
            throw new NodeFault(allTimedOut ? FaultCode.Timeout : FaultCode.NoInstanceAvailable, message.toString(), attempts);
        }
        Element composed;
        try {
            composed = composition.composer().compose(List.copyOf(answers));
        } catch (RuntimeException e) {
            throw new NodeFault(FaultCode.InternalError, "composer '" + composition.composerName() + "' failed composing "
                    + request.operation() + " of virtual port " + request.virtualPort().name() + ": " + e, e);
        }
        byte[] body = ComposedAnswer.envelope(first.answer(), composed, outcomes.size(), failures);
        return new ProviderReply(200, contentType(first.contentType()), body).servedBy(first.instance());
    }

    /** The composed envelope is written in UTF-8, whatever charset the first answer had. */
    private static String contentType(String answered) {
        return answered != null && answered.toLowerCase(Locale.ROOT).startsWith("application/soap+xml")
                ? "application/soap+xml; charset=UTF-8" : "text/xml; charset=UTF-8";
    }

    private static String prefix(RequestContext request) {
        return "no instance of virtual port " + request.virtualPort().name() + " could answer " + request.operation()
                + " (composed)";
    }
}
