package org.servicedomain.node.catalog;

import java.util.Map;
import java.util.Set;
import org.servicedomain.node.core.Instance;

/**
 * Decides, once a registration has resolved to the instance it would file (after the WSDL was read),
 * whether the caller may file it, and with which attributes; refuses by throwing a NodeFault.
 */
@FunctionalInterface
public interface RegistrationClaim {

    /** Files what was asked, for callers the node trusts (its own discovery poll, tests). */
    RegistrationClaim ANYONE = (existing, requested) -> requested;

    /**
     * The attributes to file.
     *
     * @param existing the instance the registration would replace, or null when it adds a new one
     * @param requested the attributes the registration asked for
     */
    Map<String, String> attributes(Instance existing, Map<String, String> requested);

    /** The supplier levels to file; by default the ones asked for. */
    default Set<String> supplierLevels(Instance existing, Set<String> requested) {
        return requested;
    }
}
