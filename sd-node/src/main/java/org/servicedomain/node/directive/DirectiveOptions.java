package org.servicedomain.node.directive;

/**
 * The parameters a directive may take from the policy.
 *
 * @param attribute the instance attribute a directive reads: the weight for {@code weighted},
 *     the provider name matched against a user's designated providers for {@code designated}
 * @param className the {@link Selector} class of a {@code custom} directive
 */
public record DirectiveOptions(String attribute, String className) {

    public static final DirectiveOptions NONE = new DirectiveOptions(null, null);
}
