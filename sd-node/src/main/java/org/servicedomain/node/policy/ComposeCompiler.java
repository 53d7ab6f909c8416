package org.servicedomain.node.policy;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import org.servicedomain.node.directive.Composer;
import org.servicedomain.node.directive.Composers;
import org.servicedomain.policy.v1.Compose;
import org.servicedomain.policy.v1.VirtualPortRules;

/** Compiles a port's {@code compose} elements: each operation to its composer, resolved now, never per call. */
final class ComposeCompiler {

    /** The most instances one composed call may ask. */
    static final int MAX_INSTANCES = 1000;

    private ComposeCompiler() {
    }

    /** The port's compositions by operation; an operation named twice or an unknown composer is refused. */
    static Map<String, Composition> compositions(VirtualPortRules port, Composers composers) {
        Map<String, Composition> byOperation = new LinkedHashMap<>();
        for (Compose element : port.getCompose()) {
            Composer composer;
            try {
                composer = composers.create(element.getComposer().trim(), element.getClazz());
            } catch (IllegalArgumentException e) {
                throw PolicyErrors.at(element, e.getMessage());
            }
            BigInteger asked = element.getInstances();
            if (asked != null && asked.compareTo(BigInteger.valueOf(MAX_INSTANCES)) > 0) {
                throw PolicyErrors.at(element, "instances is at most " + MAX_INSTANCES + ", but was " + asked);
            }
            int instances = asked == null ? 0 : asked.intValue();
            for (String operation : element.getOperation()) {
                Composition composition = new Composition(operation, element.getComposer().trim(), composer, instances);
                if (byOperation.put(operation, composition) != null) {
                    throw PolicyErrors.at(element, "operation '" + operation + "' is composed twice");
                }
            }
        }
        return Map.copyOf(byOperation);
    }
}
