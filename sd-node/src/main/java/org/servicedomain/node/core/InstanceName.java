package org.servicedomain.node.core;

import java.util.List;
import org.servicedomain.client.InstanceNames;

/**
 * The readable name of an instance, for people, wherever the node shows one (the home port, spans):
 * the name given at registration ({@value #GIVEN}), else a plain {@value #LEGACY} attribute as
 * registrations used to carry, else the name of the WSDL service it was registered from
 * ({@value #WSDL_SERVICE}, which the catalog files), else the endpoint's host:port and path, worded
 * as the home port's clients word it ({@link InstanceNames#fromAddress}). Kept in attributes, so the
 * catalog store needs no new field and older catalogs read unchanged.
 */
public final class InstanceName {

    /** The name an administrator or the provider gave the instance. */
    public static final String GIVEN = "sd.name";
    /** The plain name attribute of earlier registrations and of child nodes. */
    public static final String LEGACY = "name";
    /** The local name of the WSDL service that holds the instance's port, filed at every registration. */
    public static final String WSDL_SERVICE = "sd.wsdlService";

    private static final List<String> BY_PRECEDENCE = List.of(GIVEN, LEGACY, WSDL_SERVICE);

    private InstanceName() {
    }

    /** The name to show for {@code instance}. */
    public static String of(Instance instance) {
        for (String attribute : BY_PRECEDENCE) {
            String named = instance.attributes().get(attribute);
            if (named != null && !named.isBlank()) {
                return named;
            }
        }
        return InstanceNames.fromAddress(instance.endpointAddress());
    }
}
