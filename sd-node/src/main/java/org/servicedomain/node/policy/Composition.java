package org.servicedomain.node.policy;

import org.servicedomain.node.directive.Composer;

/**
 * A port's {@code compose} element for one operation: a call of it goes to several instances at
 * once and their answers are merged by the composer.
 *
 * @param composerName the composer's word in the policy ({@code concatenate}, {@code custom})
 * @param instances how many instances to ask at most; 0 asks every eligible one
 */
public record Composition(String operation, String composerName, Composer composer, int instances) {

    public Composition {
        if (instances < 0) {
            throw new IllegalArgumentException("instances must be 0 (all) or more, but was " + instances);
        }
    }
}
