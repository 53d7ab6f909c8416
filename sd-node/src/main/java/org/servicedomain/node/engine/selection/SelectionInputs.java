package org.servicedomain.node.engine.selection;

import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.servicedomain.node.engine.monitor.InstanceLoad;
import org.servicedomain.node.session.SessionHistory;

/**
 * What directives may read besides the candidates: randomness, the instances' load, and the
 * sessions' history. Injected so that tests can fix each one.
 */
public record SelectionInputs(Supplier<RandomGenerator> random, InstanceLoad load, SessionHistory history) {

    /** Thread-local randomness, no load and no history. */
    public static final SelectionInputs NONE =
            new SelectionInputs(ThreadLocalRandom::current, InstanceLoad.NONE, SessionHistory.NONE);
}
