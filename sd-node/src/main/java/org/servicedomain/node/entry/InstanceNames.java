package org.servicedomain.node.entry;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.servicedomain.node.catalog.RegistrationClaim;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;

/**
 * The readable name of an instance, for people: filed as the attribute {@value #ATTRIBUTE} (so the
 * catalog store needs no new field and older catalogs read unchanged), else a plain {@code name}
 * attribute as registrations used to carry, else the endpoint's host:port and path. A label only:
 * no selection or access rule reads it, so providers may set their own without it being a claim.
 */
final class InstanceNames {

    static final String ATTRIBUTE = "sd.name";
    static final String LEGACY_ATTRIBUTE = "name";
    static final int MAX_LENGTH = 200;

    private InstanceNames() {
    }

    /** The name to show for {@code instance}. */
    static String of(Instance instance) {
        String named = instance.attributes().get(ATTRIBUTE);
        if (named == null || named.isBlank()) {
            named = instance.attributes().get(LEGACY_ATTRIBUTE);
        }
        return named != null && !named.isBlank() ? named : fromAddress(instance.endpointAddress());
    }

    /** host:port and path of {@code address}; the address itself when it is not a URI. */
    static String fromAddress(String address) {
        try {
            URI uri = URI.create(address);
            if (uri.getHost() == null) {
                return address;
            }
            return uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort()) + (uri.getRawPath() == null ? "" : uri.getRawPath());
        } catch (IllegalArgumentException e) {
            return address;
        }
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
