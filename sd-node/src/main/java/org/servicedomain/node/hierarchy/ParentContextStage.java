package org.servicedomain.node.hierarchy;

import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;

/**
 * Takes a parent node's signed context header off the request: its caller (when the request
 * names no session of its own) and the content values the parent already read. On the way back,
 * gives the node's faults their paths down the tree, and percolates an exhausted request to the
 * parent when the port's recovery says so.
 */
public final class ParentContextStage implements Stage {

    private final Hierarchy hierarchy;
    private final Predicate<RequestContext> percolates;

    /** @param percolates whether the recovery of a request's port percolates exhausted requests to the parent */
    public ParentContextStage(Hierarchy hierarchy, Predicate<RequestContext> percolates) {
        this.hierarchy = hierarchy;
        this.percolates = percolates;
    }

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        RequestContext request = chain.request();
        ContextHeaderReader.Found parent = hierarchy.parentContext(request.body(), request.virtualPort().name(),
                request.soapAction());
        RequestContext passed = request;
        if (parent != null) {
            passed = request.withBody(parent.withoutHeader()).withContentValues(parent.context().values());
            if (request.sessionId() == null) {
                passed = passed.withCaller(parent.context().caller());
            }
        }
        boolean fromParent = parent != null;
        return chain.proceed(passed).exceptionally(error -> {
            if (!(Completions.cause(error) instanceof NodeFault fault)) {
                throw Completions.rethrown(error);
            }
            throw Completions.rethrown(hierarchy.answer(fault, fromParent, fromParent && percolates.test(request)));
        });
    }
}
