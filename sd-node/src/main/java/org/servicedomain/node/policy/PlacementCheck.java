package org.servicedomain.node.policy;

import java.util.Map;
import javax.xml.namespace.QName;

/**
 * Asks the catalog, as a policy is compiled, whether a port type may be placed into a virtual port
 * (same SOAP version, an operation in common), so a placement that cannot be made refuses the policy
 * instead of being found out at the next registration.
 */
@FunctionalInterface
public interface PlacementCheck {

    /** Places nothing: used where no catalog is at hand. */
    PlacementCheck ANY = (portType, virtualPort, placements) -> { };

    /**
     * Returns when {@code portType} may join {@code virtualPort} beside the policy's other
     * {@code placements} (port type to virtual port); else throws saying why not.
     */
    void check(QName portType, String virtualPort, Map<QName, String> placements) throws IllegalArgumentException;
}
