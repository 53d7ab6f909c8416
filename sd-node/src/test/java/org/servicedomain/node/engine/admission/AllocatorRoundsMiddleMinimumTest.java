package org.servicedomain.node.engine.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.TestPolicies;
import org.servicedomain.node.qos.AllocationRound;
import org.servicedomain.node.qos.PriorityClass;
import org.servicedomain.node.qos.PriorityFlows;

/**
 * One allocation round over two virtual ports whose middle-class flows have minimums of their own
 * ({@code middleMinimum} elements): each flow gets its own reservation ahead of class 1.
 */
class AllocatorRoundsMiddleMinimumTest {

    private final PriorityFlows flows = new PriorityFlows();

    @AfterEach
    void closeFlows() {
        flows.close();
    }

    @Test
    void eachPortsMiddleFlowGetsItsOwnMinimumAheadOfClassOneWhenTheNodeCanCarryThemAll() {
        AllocationRound round = roundUnder(300);

        assertThat(allocation(round, "A", PriorityClass.MIDDLE)).isCloseTo(60, within(1e-9));
        assertThat(allocation(round, "B", PriorityClass.MIDDLE)).isCloseTo(20, within(1e-9));
        assertThat(allocation(round, "A", PriorityClass.HIGH)).isCloseTo(110, within(1e-9));
        assertThat(allocation(round, "B", PriorityClass.HIGH)).isCloseTo(110, within(1e-9));
    }

    @Test
    void minimumsTogetherAboveTheNodesCapacityAreCutInProportionToThemAndClassOneGetsNothing() {
        AllocationRound round = roundUnder(70);

        assertThat(allocation(round, "A", PriorityClass.MIDDLE)).isCloseTo(70 * 60 / 80.0, within(1e-9));
        assertThat(allocation(round, "B", PriorityClass.MIDDLE)).isCloseTo(70 * 20 / 80.0, within(1e-9));
        assertThat(allocation(round, "A", PriorityClass.HIGH)).isZero();
        assertThat(allocation(round, "B", PriorityClass.HIGH)).isZero();
    }

    /**
     * Ports A (middle minimum 60) and B (20; the default is 10), each with 100 middle and 250 high
     * requests in one second, through a node of {@code nodeCapacityTps}.
     */
    private AllocationRound roundUnder(int nodeCapacityTps) {
        CompiledPolicy policy = TestPolicies.compile("<policy xmlns=\"urn:sd:policy:1\">\n"
                + "<priorityClasses middleMinimumTps=\"10\" nodeCapacityTps=\"" + nodeCapacityTps + "\">\n"
                + "<middleMinimum virtualPort=\"A\" tps=\"60\"/>\n"
                + "<middleMinimum virtualPort=\"B\" tps=\"20\"/>\n"
                + "</priorityClasses>\n"
                + "</policy>");
        for (String port : new String[] {"A", "B"}) {
            arrive(port, PriorityClass.MIDDLE, 100);
            arrive(port, PriorityClass.HIGH, 250);
        }
        AllocatorRounds rounds = new AllocatorRounds(flows, () -> policy, CatalogSnapshot::empty,
                new InstanceCapacity(new InstanceLimits(10)), instance -> Optional.empty(), Clock.systemUTC());
        rounds.round(policy.priorityClasses(), 1.0);
        return flows.lastRound();
    }

    private void arrive(String port, PriorityClass priorityClass, int requests) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        for (int i = 0; i < requests; i++) {
            flows.of(port).admit(priorityClass, deadline, 1000);
        }
    }

    private static double allocation(AllocationRound round, String port, PriorityClass priorityClass) {
        return round.flows().stream()
                .filter(f -> f.virtualPort().equals(port) && f.priorityClass() == priorityClass)
                .findFirst().orElseThrow().allocationTps();
    }
}
