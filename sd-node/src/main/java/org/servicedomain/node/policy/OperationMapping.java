package org.servicedomain.node.policy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An operation a virtual port offers that its providers lack: a request for {@code name} goes to
 * the providers as {@code operation} with {@code arguments} (child element name to value) filled in.
 */
public record OperationMapping(String name, String operation, Map<String, String> arguments) {

    public OperationMapping {
        arguments = Collections.unmodifiableMap(new LinkedHashMap<>(arguments));
    }
}
