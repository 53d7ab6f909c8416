package org.servicedomain.node.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Whether the node can take traffic, for {@code /sd/health/ready}: the checks it was opened with
 * (catalog and policy loaded) and any added later, such as a cluster's "ZooKeeper reachable".
 */
public final class Readiness {

    /** How one check stands: {@code problem} null when met. */
    public record Status(String name, String problem) {
        public boolean ready() {
            return problem == null;
        }
    }

    private final List<ReadinessCheck> checks = new CopyOnWriteArrayList<>();

    /** Adds a check asked from now on. */
    public void add(ReadinessCheck check) {
        checks.add(check);
    }

    /** A check that is met while {@code loaded} gives a value, else has {@code problem}. */
    public static ReadinessCheck loaded(String name, Supplier<?> loaded, String problem) {
        return when(name, () -> loaded.get() != null, problem);
    }

    /** A check that is met while {@code met} says so, else has {@code problem}. */
    public static ReadinessCheck when(String name, BooleanSupplier met, String problem) {
        return new ReadinessCheck() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Optional<String> problem() {
                return met.getAsBoolean() ? Optional.empty() : Optional.of(problem);
            }
        };
    }

    /** Every check, asked now, in the order added. */
    public List<Status> statuses() {
        List<Status> statuses = new ArrayList<>(checks.size());
        for (ReadinessCheck check : checks) {
            statuses.add(new Status(check.name(), check.problem().orElse(null)));
        }
        return statuses;
    }
}
