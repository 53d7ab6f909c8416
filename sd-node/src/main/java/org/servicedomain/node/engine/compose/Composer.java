package org.servicedomain.node.engine.compose;

/**
 * The composer's former name, kept so that custom composers written against it still load: it adds
 * nothing to the contract.
 *
 * @deprecated implement {@link org.servicedomain.node.directive.Composer} instead.
 */
@Deprecated
public interface Composer extends org.servicedomain.node.directive.Composer {
}
