package org.servicedomain.node.engine.selection;

import java.util.List;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.directive.Selector;

/** Picks a candidate uniformly at random; the randomness is injected so tests can fix it. */
public final class RandomSelector implements Selector {

    public static final String NAME = "random";

    private final Supplier<RandomGenerator> random;

    public RandomSelector(Supplier<RandomGenerator> random) {
        this.random = random;
    }

    @Override
    public Instance select(List<Instance> candidates, RequestContext request) {
        return candidates.get(random.get().nextInt(candidates.size()));
    }
}
