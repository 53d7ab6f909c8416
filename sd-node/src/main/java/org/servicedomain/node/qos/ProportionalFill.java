package org.servicedomain.node.qos;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One round of the allocator for one class: every flow's grant grows in proportion to what it
 * wants, from nothing, until it has all it wants or a node on its path is full; the flows on a full
 * node stop there. So flows sharing a node that cannot carry them all get its capacity in proportion
 * to their demand (the excess is cut in proportion to demand), and a flow held lower elsewhere
 * leaves the rest of a shared node to the others. What the grants load is taken from {@code left}.
 */
final class ProportionalFill {

    /** How close to a node's saturation level a level counts as reaching it (levels run from 0 to 1). */
    private static final double LEVEL_TOLERANCE = 1e-12;

    /** A flow of this round: its path's load and the rate it wants in this round. */
    record Want(PathLoad load, double rate) {
    }

    /** A flow's grant in this round and what bound it ({@link Allocation#DEMAND} or a node). */
    record Grant(double rate, String boundBy) {
    }

    private ProportionalFill() {
    }

    /** Grants for {@code wants}, in their order; {@code left} (node → capacity still free) loses what they load. */
    static Grant[] fill(Map<String, Double> left, List<Want> wants) {
        Grant[] grants = new Grant[wants.size()];
        for (int f = 0; f < wants.size(); f++) {
            if (wants.get(f).rate() <= 0) {
                grants[f] = new Grant(0, Allocation.DEMAND);
            }
        }
        double level = 0;
        while (anyOpen(grants)) {
            Map<String, Double> saturation = saturationLevels(left, wants, grants, level);
            double next = Math.min(1, saturation.values().stream().mapToDouble(Double::doubleValue).min().orElse(1));
            level = Math.max(level, next);
            for (int f = 0; f < wants.size(); f++) {
                if (grants[f] == null) {
                    grants[f] = stopAt(wants.get(f), saturation, level);
                }
            }
        }
        take(left, wants, grants);
        return grants;
    }

    /** The flow's grant if it stops at {@code level}, or null while it may still grow. */
    private static Grant stopAt(Want want, Map<String, Double> saturation, double level) {
        if (level >= 1) {
            return new Grant(want.rate(), Allocation.DEMAND);
        }
        for (String node : want.load().perUnitRate().keySet()) {
            Double full = saturation.get(node);
            if (full != null && full - level <= LEVEL_TOLERANCE) {
                return new Grant(level * want.rate(), node);
            }
        }
        return null;
    }

    /** For each node the open flows load: the level at which it is full, given the grants so far. */
    private static Map<String, Double> saturationLevels(Map<String, Double> left, List<Want> wants, Grant[] grants, double level) {
        Set<String> nodes = new LinkedHashSet<>();
        for (int f = 0; f < wants.size(); f++) {
            if (grants[f] == null) {
                nodes.addAll(wants.get(f).load().perUnitRate().keySet());
            }
        }
        Map<String, Double> saturation = new LinkedHashMap<>();
        for (String node : nodes) {
            double used = 0;
            double growth = 0;
            for (int f = 0; f < wants.size(); f++) {
                double perUnit = wants.get(f).load().perUnitRate().getOrDefault(node, 0.0);
                if (grants[f] == null) {
                    growth += wants.get(f).rate() * perUnit;
                    used += level * wants.get(f).rate() * perUnit;
                } else {
                    used += grants[f].rate() * perUnit;
                }
            }
            if (growth > 0) {
                saturation.put(node, level + Math.max(0, left.get(node) - used) / growth);
            }
        }
        return saturation;
    }

    private static boolean anyOpen(Grant[] grants) {
        for (Grant grant : grants) {
            if (grant == null) {
                return true;
            }
        }
        return false;
    }

    private static void take(Map<String, Double> left, List<Want> wants, Grant[] grants) {
        for (int f = 0; f < wants.size(); f++) {
            double rate = grants[f].rate();
            wants.get(f).load().perUnitRate().forEach((node, perUnit) -> left.merge(node, -rate * perUnit, (a, b) -> Math.max(0, a + b)));
        }
    }
}
