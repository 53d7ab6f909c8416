package org.servicedomain.node.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The model's allocation algorithm through the allocator's API (docs/qos.md, "The allocator"). */
class BandwidthAllocatorTest {

    private static final double EXACT = 1e-9;

    private final BandwidthAllocator allocator = new BandwidthAllocator();

    /** The model's worked example: A=500, B=450, C=D=200, E=40, F=80, G=100. */
    private static Map<String, Double> workedExampleNodes() {
        return nodes("A", 500, "B", 450, "C", 200, "D", 200, "E", 40, "F", 80, "G", 100);
    }

    /** X (class 1) on A→B; Y (class 2, minimum 100) on A→B→C→{E 0.2, F 0.4, G 0.4}; Z (class 3) on A→D→all of E, F, G. */
    private static List<FlowDemand> workedExampleFlows(double eachDemands) {
        return List.of(
                new FlowDemand("X", PriorityClass.HIGH, eachDemands, 0, List.of(node("A"), node("B"))),
                new FlowDemand("Y", PriorityClass.MIDDLE, eachDemands, 100, List.of(node("A"), node("B"), node("C"),
                        split("E", 0.2, "F", 0.4, "G", 0.4))),
                new FlowDemand("Z", PriorityClass.LOW, eachDemands, 0, List.of(node("A"), node("D"),
                        new Route.All(List.of("E", "F", "G")))));
    }

    @Test
    void underLightLoadTheWorkedExampleGivesXAndYTheirDemandAndZWhatIsLeftOnE() {
        List<Allocation> allocations = allocator.allocate(workedExampleNodes(), workedExampleFlows(100));

        assertAllocation(allocations.get(0), "X", 100, "demand");
        assertAllocation(allocations.get(1), "Y", 100, "demand");
        assertAllocation(allocations.get(2), "Z", 20, "E");
    }

    @Test
    void underHeavyLoadTheWorkedExampleGivesX300Y150BoundByBAndZ10BoundByE() {
        List<Allocation> allocations = allocator.allocate(workedExampleNodes(), workedExampleFlows(300));

        assertAllocation(allocations.get(0), "X", 300, "demand");
        assertAllocation(allocations.get(1), "Y", 150, "B");
        assertAllocation(allocations.get(2), "Z", 10, "E");
    }

    @Test
    void classTwosMinimumIsReservedAheadOfClassOneEvenWhenClassOneWouldLeaveLess() {
        List<Allocation> allocations = allocator.allocate(nodes("A", 500, "B", 450), List.of(
                new FlowDemand("X", PriorityClass.HIGH, 450, 0, List.of(node("A"), node("B"))),
                new FlowDemand("Y", PriorityClass.MIDDLE, 300, 100, List.of(node("A"), node("B")))));

        assertAllocation(allocations.get(0), "X", 350, "B");
        assertAllocation(allocations.get(1), "Y", 100, "B");
    }

    @Test
    void minimumsThatTogetherExceedANodeAreCutInProportionToThem() {
        List<Allocation> allocations = allocator.allocate(nodes("B", 200), List.of(
                new FlowDemand("Y1", PriorityClass.MIDDLE, 400, 100, List.of(node("B"))),
                new FlowDemand("Y2", PriorityClass.MIDDLE, 400, 200, List.of(node("B")))));

        assertAllocation(allocations.get(0), "Y1", 200.0 / 3, "B");
        assertAllocation(allocations.get(1), "Y2", 400.0 / 3, "B");
    }

    @Test
    void flowsSharingANodeThatCannotCarryThemAllAreCutInProportionToTheirDemand() {
        List<Allocation> allocations = allocator.allocate(nodes("P", 1000, "Q", 1000, "S", 300), List.of(
                new FlowDemand("F1", PriorityClass.HIGH, 300, 0, List.of(node("P"), node("S"))),
                new FlowDemand("F2", PriorityClass.HIGH, 100, 0, List.of(node("Q"), node("S")))));

        assertAllocation(allocations.get(0), "F1", 225, "S");
        assertAllocation(allocations.get(1), "F2", 75, "S");
    }

    @Test
    void aFlowHeldBackOnItsOwnPathLeavesTheRestOfASharedNodeToTheOthers() {
        List<Allocation> allocations = allocator.allocate(nodes("P", 100, "Q", 1000, "S", 300), List.of(
                new FlowDemand("F1", PriorityClass.HIGH, 300, 0, List.of(node("P"), node("S"))),
                new FlowDemand("F2", PriorityClass.HIGH, 300, 0, List.of(node("Q"), node("S")))));

        assertAllocation(allocations.get(0), "F1", 100, "P");
        assertAllocation(allocations.get(1), "F2", 200, "S");
    }

    @Test
    void aContentBasedSplitLoadsEachBranchWithItsShareAndIsLimitedByCapacityOverProbability() {
        List<Allocation> allocations = allocator.allocate(nodes("A", 500, "E", 40, "F", 80), List.of(
                new FlowDemand("S", PriorityClass.HIGH, 1000, 0, List.of(node("A"), split("E", 0.2, "F", 0.8))),
                new FlowDemand("W", PriorityClass.LOW, 50, 0, List.of(node("E")))));

        assertAllocation(allocations.get(0), "S", 100, "F");
        assertAllocation(allocations.get(1), "W", 40 - 0.2 * 100, "E");
    }

    @Test
    void flowsOfTwoPortsThatReachOneChildShareItsCapacityInClassOrder() {
        // port P sends half its calls to child C (the other half to providers of its own), port Q all of them
        List<Allocation> allocations = allocator.allocate(nodes("P", 100, "Q", 100, "C", 50), List.of(
                new FlowDemand("P/high", PriorityClass.HIGH, 60, 0, List.of(node("P"), new Route.Share("C", 0.5))),
                new FlowDemand("Q/low", PriorityClass.LOW, 100, 0, List.of(node("Q"), new Route.Share("C", 1.0)))));

        assertAllocation(allocations.get(0), "P/high", 60, "demand");
        assertAllocation(allocations.get(1), "Q/low", 50 - 0.5 * 60, "C");
    }

    @Test
    void refusesAShareOutsideZeroToOne() {
        assertRefused(nodes("C", 50), flow("X", PriorityClass.HIGH, 10, 0, new Route.Share("C", 1.5)),
                "flow X: the share of its requests that pass C must be above 0 and at most 1, not 1.5");
        assertRefused(nodes("C", 50), flow("X", PriorityClass.HIGH, 10, 0, new Route.Share("C", 0)),
                "flow X: the share of its requests that pass C must be above 0");
    }

    @Test
    void aFlowDemandingNothingGetsNothingAndReservesNothing() {
        List<Allocation> allocations = allocator.allocate(nodes("A", 500), List.of(
                new FlowDemand("idle", PriorityClass.HIGH, 0, 0, List.of(node("A"))),
                new FlowDemand("idleMiddle", PriorityClass.MIDDLE, 0, 100, List.of(node("A"))),
                new FlowDemand("batch", PriorityClass.LOW, 500, 0, List.of(node("A")))));

        assertAllocation(allocations.get(0), "idle", 0, "demand");
        assertAllocation(allocations.get(1), "idleMiddle", 0, "demand");
        assertAllocation(allocations.get(2), "batch", 500, "demand");
    }

    @Test
    void classThreeGetsNothingFromANodeTheHigherClassesFill() {
        List<Allocation> allocations = allocator.allocate(nodes("A", 500), List.of(
                new FlowDemand("X", PriorityClass.HIGH, 600, 0, List.of(node("A"))),
                new FlowDemand("Z", PriorityClass.LOW, 100, 0, List.of(node("A")))));

        assertAllocation(allocations.get(0), "X", 500, "A");
        assertAllocation(allocations.get(1), "Z", 0, "A");
    }

    @Test
    void eachRoundAllocatesFromTheCapacitiesItIsGivenAndRemembersNoEarlierRound() {
        Map<String, Double> widerE = workedExampleNodes();
        widerE.put("E", 100.0);

        List<Allocation> first = allocator.allocate(workedExampleNodes(), workedExampleFlows(300));
        List<Allocation> second = allocator.allocate(widerE, workedExampleFlows(300));
        List<Allocation> third = allocator.allocate(workedExampleNodes(), workedExampleFlows(300));

        assertAllocation(first.get(2), "Z", 10, "E");
        assertAllocation(second.get(2), "Z", 20, "F");
        assertAllocation(second.get(1), "Y", 150, "B");
        assertThat(third).isEqualTo(first);
    }

    @Test
    void theNodeCombiningAnAggregationOfKSourcesCarriesKTimesTheFlow() {
        List<Allocation> allocations = allocator.allocate(nodes("S1", 100, "S2", 300, "M", 150), List.of(
                new FlowDemand("combined", PriorityClass.HIGH, 200, 0,
                        List.of(new Route.Aggregate(List.of("S1", "S2")), node("M")))));

        assertAllocation(allocations.get(0), "combined", 150.0 / 2, "M");
    }

    @Test
    void anAggregationAtTheEndOfAPathLoadsEachSourceWithTheFlow() {
        List<Allocation> allocations = allocator.allocate(nodes("S1", 100, "S2", 300), List.of(
                new FlowDemand("gathered", PriorityClass.HIGH, 200, 0, List.of(new Route.Aggregate(List.of("S1", "S2"))))));

        assertAllocation(allocations.get(0), "gathered", 100, "S1");
    }

    @Test
    void aNodeThePathReachesTwiceCarriesTheFlowTwice() {
        List<Allocation> allocations = allocator.allocate(nodes("A", 300, "B", 1000), List.of(
                flow("roundTrip", PriorityClass.HIGH, 500, 0, node("A"), node("B"), node("A"))));

        assertAllocation(allocations.get(0), "roundTrip", 150, "A");
    }

    @Test
    void refusesANodeThePlanDoesNotName() {
        assertRefused(nodes("A", 500), flow("X", PriorityClass.HIGH, 10, 0, node("A"), node("Q")), "flow X: unknown node Q");
    }

    @Test
    void refusesSplitProbabilitiesThatDoNotSumToOne() {
        assertRefused(nodes("E", 40, "F", 80), flow("Y", PriorityClass.HIGH, 10, 0, split("E", 0.2, "F", 0.7)),
                "flow Y: split probabilities sum to 0.9, not 1");
    }

    @Test
    void acceptsSplitProbabilitiesThatSumToOneUpToRounding() {
        List<Allocation> allocations = allocator.allocate(nodes("E", 40, "F", 80, "G", 100), List.of(
                flow("Y", PriorityClass.HIGH, 10, 0, split("E", 0.1, "F", 0.2, "G", 0.7))));

        assertAllocation(allocations.get(0), "Y", 10, "demand");
    }

    @Test
    void refusesANegativeDemand() {
        assertRefused(nodes("A", 500), flow("X", PriorityClass.HIGH, -1, 0, node("A")), "flow X: demand must be");
    }

    @Test
    void refusesAZeroOrNegativeCapacity() {
        assertRefused(nodes("A", 0), flow("X", PriorityClass.HIGH, 1, 0, node("A")), "node A: capacity must be a positive number");
        assertRefused(nodes("A", -5), flow("X", PriorityClass.HIGH, 1, 0, node("A")), "node A: capacity must be a positive number");
    }

    @Test
    void refusesAClassTwoMinimumAboveWhatItsPathCanCarry() {
        assertRefused(workedExampleNodes(), flow("Y", PriorityClass.MIDDLE, 300, 250, node("A"), node("B"), node("C"),
                split("E", 0.2, "F", 0.4, "G", 0.4)),
                "flow Y: minimum 250 is above the capacity of its path, 200 (bound by node C)");
    }

    @Test
    void refusesAMinimumOnAFlowOutsideClassTwo() {
        assertRefused(nodes("A", 500), flow("X", PriorityClass.HIGH, 100, 10, node("A")), "flow X: a minimum applies only to class 2");
    }

    @Test
    void refusesTwoFlowsOfTheSameName() {
        assertRefused(nodes("A", 500), List.of(flow("X", PriorityClass.HIGH, 1, 0, node("A")),
                flow("X", PriorityClass.LOW, 1, 0, node("A"))), "flow X: named twice");
    }

    @Test
    void refusesAnAggregationNotFollowedByTheNodeThatCombinesIt() {
        assertRefused(nodes("S1", 100, "S2", 100, "E", 40), flow("X", PriorityClass.HIGH, 1, 0,
                new Route.Aggregate(List.of("S1", "S2")), split("E", 1.0)), "flow X: an aggregate must be followed by the node");
    }

    private void assertRefused(Map<String, Double> capacities, FlowDemand flow, String message) {
        assertRefused(capacities, List.of(flow), message);
    }

    private void assertRefused(Map<String, Double> capacities, List<FlowDemand> flows, String message) {
        assertThatThrownBy(() -> allocator.allocate(capacities, flows))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message)
                .hasMessageNotContaining("\n");
    }

    private static void assertAllocation(Allocation allocation, String name, double rate, String boundBy) {
        assertThat(allocation.name()).isEqualTo(name);
        assertThat(allocation.allocation()).as("allocation of " + name).isCloseTo(rate, within(EXACT));
        assertThat(allocation.boundBy()).as("bound of " + name).isEqualTo(boundBy);
    }

    private static FlowDemand flow(String name, PriorityClass priorityClass, double demand, double minimum, Route... path) {
        return new FlowDemand(name, priorityClass, demand, minimum, List.of(path));
    }

    private static Route node(String name) {
        return new Route.Node(name);
    }

    private static Route split(Object... nodeThenProbability) {
        Map<String, Double> probabilities = new LinkedHashMap<>();
        for (int i = 0; i < nodeThenProbability.length; i += 2) {
            probabilities.put((String) nodeThenProbability[i], ((Number) nodeThenProbability[i + 1]).doubleValue());
        }
        return new Route.Split(probabilities);
    }

    private static Map<String, Double> nodes(Object... nodeThenCapacity) {
        Map<String, Double> nodes = new LinkedHashMap<>();
        for (int i = 0; i < nodeThenCapacity.length; i += 2) {
            nodes.put((String) nodeThenCapacity[i], ((Number) nodeThenCapacity[i + 1]).doubleValue());
        }
        return nodes;
    }
}
