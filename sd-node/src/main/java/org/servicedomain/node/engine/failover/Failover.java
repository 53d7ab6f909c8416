package org.servicedomain.node.engine.failover;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.LogId;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestListener;
import org.servicedomain.node.dispatch.InstanceDispatcher;
import org.servicedomain.node.engine.lookup.Lookup;
import org.servicedomain.node.hierarchy.PercolatedFailure;
import org.servicedomain.node.policy.Composition;
import org.servicedomain.node.policy.Decision;
import org.servicedomain.node.policy.PortPolicy;
import org.servicedomain.node.policy.RecoveryRule;
import org.servicedomain.node.tracing.CallTrace;

/**
 * Wraps selection and rendering: when a dispatch gets no usable answer, looks up and selects
 * again among the instances not yet tried (nor sharing the recovery rule's attribute with one
 * that failed), up to the recovery rule's retries and within the port's retry budget. A
 * provider's own SOAP fault is an answer and ends the loop. A failure after the request may have
 * reached the provider is retried only for operations the rule marks idempotent; each attempt is
 * cut to the time the client's deadline leaves, and none starts after it. When nothing is left,
 * {@code NoInstanceAvailable} (or {@code Timeout}) names every attempt. No thread waits for an
 * instance: the next attempt starts when the previous one's answer or failure arrives.
 */
public final class Failover {

    private final Lookup lookup;
    private final InstanceDispatcher dispatcher;
    private final RequestListener listener;
    private final RetryBudget budget;
    private final ScatterGather scatter;

    public Failover(Lookup lookup, InstanceDispatcher dispatcher, RequestListener listener) {
        this(lookup, dispatcher, listener, new RetryBudget());
    }

    public Failover(Lookup lookup, InstanceDispatcher dispatcher, RequestListener listener, RetryBudget budget) {
        this.lookup = lookup;
        this.dispatcher = dispatcher;
        this.listener = listener;
        this.budget = budget;
        this.scatter = new ScatterGather(lookup, dispatcher, listener);
    }

    /**
     * The answers of several instances the decision admits, asked at once and merged by
     * {@code composition}'s composer; no failover: a failed instance is named in the answer's header.
     */
    public CompletableFuture<ProviderReply> compose(RequestContext request, Decision decision, RecoveryRule recovery,
            Composition composition) {
        return scatter.dispatch(request, decision, recovery, composition);
    }

    /** What one request has tried so far; touched by one attempt at a time, each after the previous one ended. */
    private static final class Tries {
        final RetryBudget.Port budget;
        final List<NodeFault.Attempt> attempts = new ArrayList<>();
        final Set<String> tried = new HashSet<>();
        final Set<String> avoided = new HashSet<>();
        boolean allTimedOut = true;
        boolean budgetSpent;
        boolean deadlinePassed;
        boolean retryUnsafe;
        DispatchException lastFailure;
        int operational;
        CallTrace trace;

        Tries(RetryBudget.Port budget) {
            this.budget = budget;
        }
    }

    /** Dispatches under the port's own directive, with no rule or service map involved. */
    public CompletableFuture<ProviderReply> dispatch(RequestContext request, PortPolicy policy) {
        return dispatch(request, new Decision(policy.directive(), policy.selector(), null, null), policy.recovery());
    }

    /**
     * The first usable answer of an instance the decision admits; fails with a {@link NodeFault}
     * naming every attempt when none gives one.
     */
    public CompletableFuture<ProviderReply> dispatch(RequestContext request, Decision decision, RecoveryRule recovery) {
        Tries tries = new Tries(budget.requestStarted(request.virtualPort().name(), recovery.retryBudgetPercent()));
        CallTrace trace = request.tag(CallTrace.class);
        tries.trace = trace == null ? CallTrace.NONE : trace;
        tries.trace.operation(request.virtualPort().name(), request.operation());
        return next(request, decision, recovery, tries);
    }

    private CompletableFuture<ProviderReply> next(RequestContext request, Decision decision, RecoveryRule recovery,
            Tries tries) {
        CallTrace.Step failingOver = tries.attempts.isEmpty() ? null : tries.trace.step("failover");
        Instance instance = nextInstance(request, decision, recovery, tries);
        if (failingOver != null) {
            failingOver.end("sd.failover.after", tries.lastFailure == null ? null : tries.lastFailure.getMessage());
        }
        if (instance == null) {
            tries.operational = lookup.candidates(request).size(); // of any level, for the fault's message
            if (tries.operational == 0 && tries.attempts.isEmpty()) {
                listener.noOperationalInstance(request);
            }
            return CompletableFuture.failedFuture(noInstanceAvailable(request, decision, tries));
        }
        return attempt(instance, request, recovery, tries).thenCompose(reply -> {
            if (reply != null) {
                return CompletableFuture.completedFuture(reply);
            }
            if (!RetrySafety.mayRetry(tries.lastFailure, recovery, request.operation())) {
                tries.retryUnsafe = true;
                return CompletableFuture.failedFuture(noInstanceAvailable(request, decision, tries));
            }
            return next(request, decision, recovery, tries);
        });
    }

    /** The instance to try next, or null (with the reason noted in {@code tries}) when no attempt may be made. */
    private Instance nextInstance(RequestContext request, Decision decision, RecoveryRule recovery, Tries tries) {
        if (tries.tried.size() > recovery.retries()) {
            return null;
        }
        CallTrace.Step lookingUp = tries.trace.step("lookup");
        List<Instance> found = lookup.candidates(request, decision.supplierLevels());
        lookingUp.end("sd.candidates", found.size());
        CallTrace.Step selecting = tries.trace.step("selection");
        List<Instance> candidates = lookup.preferred(candidates(found, request, decision, recovery, tries), request);
        if (candidates.isEmpty()) {
            selecting.end("sd.instance.id", null);
            return null;
        }
        if (request.deadline() != null && request.deadline().passed()) {
            tries.deadlinePassed = true;
            selecting.end("sd.instance.id", null);
            return null;
        }
        if (!tries.attempts.isEmpty() && !tries.budget.tryRetry()) {
            tries.budgetSpent = true;
            selecting.end("sd.instance.id", null);
            return null;
        }
        Instance selected = decision.selector().select(candidates, request);
        selecting.end("sd.instance.id", selected == null ? null : selected.id());
        return selected;
    }

    /** One dispatch: the instance's reply, or null after recording why it gave none. */
    private CompletableFuture<ProviderReply> attempt(Instance instance, RequestContext request, RecoveryRule recovery,
            Tries tries) {
        tries.tried.add(instance.id());
        listener.dispatching(request, instance);
        long start = System.nanoTime();
        Duration timeout = timeoutFor(instance, recovery);
        CallTrace.Attempt traced = tries.trace.attempt(instance, tries.tried.size());
        // untraced, an attempt's headers are the call's own, already tagged: no copy of the request
        RequestContext sending = traced == request.tag(CallTrace.Outgoing.class) ? request
                : request.withTag(CallTrace.Outgoing.class, traced);
        CompletableFuture<ProviderReply> sent;
        try {
            sent = dispatcher.dispatch(instance, sending, request.deadline() == null ? timeout : request.deadline().cap(timeout));
        } catch (RuntimeException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        return sent.handle((reply, error) -> {
            if (error == null) { // the common case logs nothing worth a request id: no MDC to fill and empty again
                traced.answered(reply.status());
                return answered(instance, request, recovery, tries, System.nanoTime() - start, reply, null);
            }
            Throwable cause = Completions.cause(error);
            traced.failed(cause instanceof DispatchException failure ? failure.kind().name() : cause.getClass().getName(),
                    String.valueOf(cause.getMessage()));
            try (LogId.Scope logged = LogId.of(request)) {
                return answered(instance, request, recovery, tries, System.nanoTime() - start, null, error);
            }
        });
    }

    /** The reply of an attempt, or null after recording why it gave none. */
    private ProviderReply answered(Instance instance, RequestContext request, RecoveryRule recovery, Tries tries,
            long nanos, ProviderReply reply, Throwable error) {
        if (error == null) {
            heardAnswer(listener, request, instance, nanos, reply);
            return reply.servedBy(instance);
        }
        Throwable cause = Completions.cause(error);
        if (!(cause instanceof DispatchException failure)) {
            listener.dispatchFailed(request, instance, nanos,
                    new DispatchException(DispatchException.Kind.PROTOCOL, "the node failed dispatching: " + cause, cause));
            throw Completions.rethrown(cause);
        }
        tries.lastFailure = failure;
        listener.dispatchFailed(request, instance, nanos, failure);
        tries.attempts.addAll(PercolatedFailure.attemptsOf(instance, failure));
        tries.allTimedOut &= failure.kind() == DispatchException.Kind.TIMEOUT;
        avoid(instance, recovery, tries.avoided);
        return null;
    }

    /** Tells {@code listener} an instance answered: a provider's fault first, when the answer is one. */
    static void heardAnswer(RequestListener listener, RequestContext request, Instance instance, long nanos, ProviderReply reply) {
        if (reply.status() < 200 || reply.status() >= 300) {
            listener.providerFault(request, instance);
        }
        listener.dispatched(request, instance, nanos);
    }

    private static List<Instance> candidates(List<Instance> found, RequestContext request, Decision decision,
            RecoveryRule recovery, Tries tries) {
        if (tries.tried.isEmpty()) {
            // the first attempt: the lookup kept only the decision's levels, so no copy, whatever the number of instances
            return found.isEmpty() ? found : decision.selector().eligible(found, request);
        }
        List<Instance> left = new ArrayList<>(found.size());
        for (Instance candidate : found) {
            if (!tries.tried.contains(candidate.id()) && decision.admits(candidate)
                    && (tries.avoided.isEmpty()
                            || !tries.avoided.contains(candidate.attributes().get(recovery.avoidSharedAttribute())))) {
                left.add(candidate);
            }
        }
        return left.isEmpty() ? left : decision.selector().eligible(left, request);
    }

    private static void avoid(Instance failed, RecoveryRule recovery, Set<String> avoided) {
        if (recovery.avoidSharedAttribute() != null) {
            String value = failed.attributes().get(recovery.avoidSharedAttribute());
            if (value != null) {
                avoided.add(value);
            }
        }
    }

    private static Duration timeoutFor(Instance instance, RecoveryRule recovery) {
        return instance.timeoutMs() != null ? Duration.ofMillis(instance.timeoutMs()) : recovery.instanceTimeout();
    }

    /**
     * Why no instance was asked: none is operational, or the decision (its rule, the caller's service map
     * or the directive) admits none of the operational ones. Shared with {@link ScatterGather} so both say it alike.
     */
    static String noneMayServe(int operational, Decision decision) {
        return operational == 0 ? ": none is operational"
                : ": none of the " + operational + " operational instances may serve it under "
                        + (decision.rule() != null ? decision.rule()
                                : decision.supplierLevels() != null ? "the caller's service map"
                                : "directive " + decision.directive())
                        + (decision.supplierLevels() != null ? " (supplier levels " + decision.supplierLevels() + ")" : "");
    }

    /** {@code Timeout} when every attempt timed out, else {@code NoInstanceAvailable}, naming each attempt. */
    private static NodeFault noInstanceAvailable(RequestContext request, Decision decision, Tries tries) {
        List<NodeFault.Attempt> attempts = tries.attempts;
        StringBuilder message = new StringBuilder("no instance of virtual port ")
                .append(request.virtualPort().name()).append(" could serve ").append(request.operation());
        if (attempts.isEmpty() && tries.deadlinePassed) {
            message.append(": the client's deadline passed before any attempt");
        } else if (attempts.isEmpty()) {
            message.append(noneMayServe(tries.operational, decision));
        } else {
            message.append("; tried ");
            for (int i = 0; i < attempts.size(); i++) {
                NodeFault.Attempt a = attempts.get(i);
                message.append(i == 0 ? "" : ", ").append(a.instanceId()).append(" (").append(a.reason()).append(')');
            }
            if (tries.budgetSpent) {
                message.append("; no retry left in the port's retry budget");
            }
            if (tries.retryUnsafe) {
                message.append("; ").append(RetrySafety.whyNot(request.operation()));
            }
            if (tries.deadlinePassed) {
                message.append("; the client's deadline passed");
            }
        }
        FaultCode code = tries.deadlinePassed || tries.allTimedOut && !attempts.isEmpty() && !tries.budgetSpent
                ? FaultCode.Timeout : FaultCode.NoInstanceAvailable;
        return new NodeFault(code, message.toString(), attempts);
    }
}
