package org.servicedomain.node.hierarchy;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

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
    /**
     * The attribute that declares what the child serves in all, in requests per second: one figure
     * for every port here that reaches it, not per instance as {@code capacityTps} is.
     */
    public static final String CAPACITY_ATTRIBUTE = "nodeCapacityTps";

    public ChildTerms {
        supplierLevels = supplierLevels == null ? Set.of() : Set.copyOf(supplierLevels);
        attributes = attributes == null ? Map.of() : Map.copyOf(attributes);
        if (timeoutMs != null) {
            Catalog.positiveTimeout(timeoutMs);
        }
        String capacity = attributes.get(CAPACITY_ATTRIBUTE);
        if (capacity != null && capacityOf(capacity) == null) {
            throw new NodeFault(FaultCode.BadRequest, "a child node's " + CAPACITY_ATTRIBUTE
                    + " must be a positive number of requests per second, not '" + capacity + "'");
        }
    }

    /**
     * The child's capacity as declared: the flows of every port here that reach it share it (the
     * priority-class allocator keeps their sum within it); empty when not declared.
     */
    public Optional<Double> capacityTps() {
        return Optional.ofNullable(attributes.get(CAPACITY_ATTRIBUTE)).map(ChildTerms::capacityOf);
    }

    private static Double capacityOf(String text) {
        try {
            double tps = Double.parseDouble(text.trim());
            return tps > 0 && !Double.isInfinite(tps) ? tps : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
