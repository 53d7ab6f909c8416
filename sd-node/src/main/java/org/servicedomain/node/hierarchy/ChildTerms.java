package org.servicedomain.node.hierarchy;

import java.util.Map;
import java.util.Set;
import org.servicedomain.node.catalog.Catalog;

/**
 * What the parent's administrator gave when registering a child node, applied to every instance the
 * parent files for the child's ports, so the parent's rules choose a child domain by level, attribute
 * and timeout exactly as they choose a provider.
 *
 * @param supplierLevels the levels of the child's instances here (empty: none)
 * @param attributes further attributes of its instances (the node adds its own: name, originType, childNode)
 * @param timeoutMs the dispatch timeout of its instances, or null for the policy's
 */
public record ChildTerms(Set<String> supplierLevels, Map<String, String> attributes, Long timeoutMs) {

    public static final ChildTerms NONE = new ChildTerms(Set.of(), Map.of(), null);

    public ChildTerms {
        supplierLevels = supplierLevels == null ? Set.of() : Set.copyOf(supplierLevels);
        attributes = attributes == null ? Map.of() : Map.copyOf(attributes);
        if (timeoutMs != null) {
            Catalog.positiveTimeout(timeoutMs);
        }
    }
}
