package org.servicedomain.node.core;

import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one bus of a virtual-port call's events (started, dispatching, provider fault, dispatched,
 * dispatch failed, ended, finished), fired by the chain's runner and failover and heard by a fixed
 * array of subscribers, in order, with no lock and no allocation per event. A subscriber that
 * throws is logged and skipped: it never stops the others, nor turns an answer into a failure.
 * The node's administrative events (policy set, instance ejected) are {@code engine.events.NodeEvents}.
 */
public final class RequestEvents implements RequestListener {

    private static final Logger LOG = LoggerFactory.getLogger(RequestEvents.class);

    /** A bus no one hears. */
    public static final RequestEvents NONE = new RequestEvents(List.of());

    private final RequestListener[] subscribers;

    private RequestEvents(List<RequestListener> subscribers) {
        this.subscribers = subscribers.toArray(RequestListener[]::new);
    }

    /** A bus heard by {@code subscribers}, in this order. */
    public static RequestEvents of(List<RequestListener> subscribers) {
        return new RequestEvents(List.copyOf(subscribers));
    }

    /** A bus heard by {@code subscribers}, in this order. */
    public static RequestEvents of(RequestListener... subscribers) {
        return of(List.of(subscribers));
    }

    @Override
    public void started(RequestContext call) {
        for (RequestListener s : subscribers) {
            try {
                s.started(call);
            } catch (RuntimeException e) {
                failed(s, e);
            }
        }
    }

    @Override
    public void noOperationalInstance(RequestContext request) {
        for (RequestListener s : subscribers) {
            try {
                s.noOperationalInstance(request);
            } catch (RuntimeException e) {
                failed(s, e);
            }
        }
    }

    @Override
    public void dispatching(RequestContext request, Instance instance) {
        for (RequestListener s : subscribers) {
            try {
                s.dispatching(request, instance);
            } catch (RuntimeException e) {
                failed(s, e);
            }
        }
    }

    @Override
    public void providerFault(RequestContext request, Instance instance) {
        for (RequestListener s : subscribers) {
            try {
                s.providerFault(request, instance);
            } catch (RuntimeException e) {
                failed(s, e);
            }
        }
    }

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        for (RequestListener s : subscribers) {
            try {
                s.dispatched(request, instance, nanos);
            } catch (RuntimeException e) {
                failed(s, e);
            }
        }
    }

    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
        for (RequestListener s : subscribers) {
            try {
                s.dispatchFailed(request, instance, nanos, failure);
            } catch (RuntimeException e) {
                failed(s, e);
            }
        }
    }

    @Override
    public void ended(RequestContext call, ProviderReply reply, FaultCode fault, long nanos) {
        for (RequestListener s : subscribers) {
            try {
                s.ended(call, reply, fault, nanos);
            } catch (RuntimeException e) {
                failed(s, e);
            }
        }
    }

    @Override
    public void finished(String virtualPort, ProviderReply reply, FaultCode fault) {
        for (RequestListener s : subscribers) {
            try {
                s.finished(virtualPort, reply, fault);
            } catch (RuntimeException e) {
                failed(s, e);
            }
        }
    }

    private static void failed(RequestListener subscriber, RuntimeException e) {
        LOG.error("request-event subscriber {} failed", subscriber, e);
    }
}
