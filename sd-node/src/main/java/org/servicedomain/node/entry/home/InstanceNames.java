package org.servicedomain.node.entry.home;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.servicedomain.node.catalog.RegistrationClaim;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceName;
import org.servicedomain.node.core.NodeFault;

/**
 * Names given at registration and through {@code setServiceInfo}: checked, and filed so that a
 * re-registration without a name keeps the earlier one. How a name is shown is {@link InstanceName}'s.
 */
final class InstanceNames {

    static final String ATTRIBUTE = InstanceName.GIVEN;
    static final String LEGACY_ATTRIBUTE = InstanceName.LEGACY;
    static final int MAX_LENGTH = 200;

    private InstanceNames() {
    }

    /** A name as given (trimmed), refused when too long; null stays null. */
    static String checked(String name) {
        if (name == null) {
            return null;
        }
        String trimmed = name.strip();
        if (trimmed.length() > MAX_LENGTH || trimmed.chars().anyMatch(Character::isISOControl)) {
            throw new NodeFault(FaultCode.BadRequest, "an instance name has at most " + MAX_LENGTH
                    + " characters and no control characters");
        }
        return trimmed;
    }

    /**
     * {@code claim} with the registration's name filed under {@value #ATTRIBUTE}: the new one when
     * given, else what the claim filed there (an administrator's attribute), else the replaced instance's.
     */
    static RegistrationClaim naming(RegistrationClaim claim, String name) {
        return new RegistrationClaim() {
            @Override
            public Map<String, String> attributes(Instance existing, Map<String, String> requested) {
                Map<String, String> filed = new LinkedHashMap<>(claim.attributes(existing, requested));
                String kept = existing == null ? null : existing.attributes().get(ATTRIBUTE);
                String chosen = name != null && !name.isEmpty() ? name : filed.getOrDefault(ATTRIBUTE, kept);
                if (chosen != null) {
                    filed.put(ATTRIBUTE, chosen);
                }
                return filed;
            }

            @Override
            public Set<String> supplierLevels(Instance existing, Set<String> requested) {
                return claim.supplierLevels(existing, requested);
            }
        };
    }
}
