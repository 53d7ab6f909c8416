package org.servicedomain.node.engine.selection;

/**
 * The selection directive's former name, kept so that custom directives written against it still
 * load: it adds nothing to the contract.
 *
 * @deprecated implement {@link org.servicedomain.node.directive.Selector} instead.
 */
@Deprecated
public interface Selector extends org.servicedomain.node.directive.Selector {
}
