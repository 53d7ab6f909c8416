package org.servicedomain.node.engine.selection;

import java.util.List;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.directive.Selector;

/**
 * Picks a candidate at random with a probability proportional to the weight its provider gave in an
 * instance attribute, so bigger providers take a bigger share. A missing, unreadable or negative
 * weight counts as zero; when every candidate weighs zero, all are equally likely.
 */
public final class WeightedSelector implements Selector {

    public static final String NAME = "weighted";

    /** The attribute read when the policy names none. */
    public static final String DEFAULT_ATTRIBUTE = "weight";

    private final String attribute;
    private final Supplier<RandomGenerator> random;

    public WeightedSelector(String attribute, Supplier<RandomGenerator> random) {
        this.attribute = attribute == null ? DEFAULT_ATTRIBUTE : attribute;
        this.random = random;
    }

    @Override
    public Instance select(List<Instance> candidates, RequestContext request) {
        double[] weights = new double[candidates.size()];
        double total = 0;
        for (int i = 0; i < weights.length; i++) {
            weights[i] = weightOf(candidates.get(i));
            total += weights[i];
        }
        RandomGenerator generator = random.get();
        if (!(total > 0) || Double.isInfinite(total)) {
            return candidates.get(generator.nextInt(candidates.size()));
        }
        double point = generator.nextDouble(total);
        int last = 0;
        for (int i = 0; i < weights.length; i++) {
            if (weights[i] > 0) {
                point -= weights[i];
                last = i;
                if (point < 0) {
                    return candidates.get(i);
                }
            }
        }
        return candidates.get(last); // rounding left the point at the very end of the range
    }

    private double weightOf(Instance instance) {
        String value = instance.attributes().get(attribute);
        if (value == null) {
            return 0;
        }
        try {
            double weight = Double.parseDouble(value.trim());
            return weight > 0 && Double.isFinite(weight) ? weight : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
