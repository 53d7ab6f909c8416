package org.servicedomain.node.hierarchy;

import java.util.List;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;

/**
 * The cause of a dispatch to a child node that percolated its failure: the child's own attempts,
 * which the parent lists in place of the one attempt it made on the child.
 */
public final class PercolatedFailure extends Exception {

    private final transient List<NodeFault.Attempt> attempts;

    public PercolatedFailure(String message, List<NodeFault.Attempt> attempts) {
        super(message);
        this.attempts = List.copyOf(attempts);
    }

    /**
     * The attempts a failed dispatch to {@code instance} stands for: the child's attempts (their
     * paths start with the child's name) when it percolated after trying some, else the one
     * attempt on the instance itself.
     */
    public static List<NodeFault.Attempt> attemptsOf(Instance instance, DispatchException failure) {
        if (failure.getCause() instanceof PercolatedFailure percolated && !percolated.attempts.isEmpty()) {
            return percolated.attempts;
        }
        return List.of(new NodeFault.Attempt(instance.id(), instance.endpointAddress(), failure.getMessage()));
    }
}
