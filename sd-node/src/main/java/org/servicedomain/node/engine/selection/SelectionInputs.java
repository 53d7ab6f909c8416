package org.servicedomain.node.engine.selection;

import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.servicedomain.node.engine.monitor.InstanceLoad;
import org.servicedomain.node.session.FixedChoices;
import org.servicedomain.node.session.SessionHistory;

/**
 * What directives may read besides the candidates: randomness, the instances' load, the sessions'
 * history and the users' fixed choices. Injected so that tests can fix each one.
 */
public record SelectionInputs(Supplier<RandomGenerator> random, InstanceLoad load, SessionHistory history,
        FixedChoices choices) {

    /** Thread-local randomness, no load, no history and no fixed choices. */
    public static final SelectionInputs NONE =
            new SelectionInputs(ThreadLocalRandom::current, InstanceLoad.NONE, SessionHistory.NONE, FixedChoices.NONE);

    /** Inputs that remember no fixed choices. */
    public SelectionInputs(Supplier<RandomGenerator> random, InstanceLoad load, SessionHistory history) {
        this(random, load, history, FixedChoices.NONE);
    }
}
