package org.servicedomain.client.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.home.v1.Statistics;
import org.servicedomain.home.v1.VirtualPortInfo;

/** What {@code status} and {@code stats} make of the node's overview: counts by state, rates, uptime and failures. */
class StatusAndStatsTest {

    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

    @Test
    void statusCountsInstancesByStateAndOnlyAPortsOwnOperationalOnes() throws Exception {
        GetServiceInfoResponse overview = overview(port("Quotes", 2, window(60, 120)), port("Orders", 1, null));
        overview.getNode().getInstance().add(instance("q-1", "Quotes", InstanceState.OPERATIONAL));
        overview.getNode().getInstance().add(instance("q-2", "Quotes", InstanceState.STANDBY));
        overview.getNode().getInstance().add(instance("o-1", "Orders", InstanceState.OPERATIONAL));

        StatusCommand.Status status = StatusCommand.status(CannedNode.ADDRESS, overview, 4, NOW);

        assertThat(status.instancesByState()).isEqualTo(Map.of("operational", 2L, "standby", 1L));
        assertThat(status.ports()).extracting(StatusCommand.PortStatus::name, StatusCommand.PortStatus::operational)
                .containsExactly(tuple("Quotes", 1L), tuple("Orders", 1L));
        assertThat(status.policyVersion()).isEqualTo(4);
    }

    @Test
    void statusRequestsPerSecondAreEachPortsWindowRateAddedUp() throws Exception {
        GetServiceInfoResponse overview = overview(port("Quotes", 0, window(60, 120)), port("Orders", 0, window(10, 5)),
                port("Idle", 0, window(0, 0)));

        StatusCommand.Status status = StatusCommand.status(CannedNode.ADDRESS, overview, 1, NOW);

        assertThat(status.ports()).extracting(StatusCommand.PortStatus::requestsPerSecond).containsExactly(2.0, 0.5, 0.0);
        assertThat(status.requestsPerSecond()).isEqualTo(2.5);
    }

    @Test
    void uptimeRunsFromTheStartTimeTheNodeTellsElseFromItsLongestStatistics() throws Exception {
        GetServiceInfoResponse unsigned = overview(withTotal(port("Quotes", 0, null), 300), withTotal(port("Orders", 0, null), 900));
        GetServiceInfoResponse signedIn = overview(withTotal(port("Quotes", 0, null), 300));
        signedIn.setStartedAt(CannedNode.xmlTime(NOW.minusSeconds(3_600)));

        assertThat(StatusCommand.status(CannedNode.ADDRESS, unsigned, 1, NOW).uptimeSeconds()).isEqualTo(900);
        assertThat(StatusCommand.status(CannedNode.ADDRESS, unsigned, 1, NOW).startedAt()).isNull();
        assertThat(StatusCommand.status(CannedNode.ADDRESS, signedIn, 1, NOW).uptimeSeconds()).isEqualTo(3_600);
        assertThat(StatusCommand.status(CannedNode.ADDRESS, overview(), 1, NOW).uptimeSeconds()).isNull();
    }

    @Test
    void anOverviewWithoutTheNodesTopologyIsRefusedAsABadAnswer() {
        assertThatThrownBy(() -> StatusCommand.status(CannedNode.ADDRESS, new GetServiceInfoResponse(), 1, NOW))
                .isInstanceOfSatisfying(NodeClientException.class, e -> assertThat(e.code()).isEqualTo("BadRequest"))
                .hasMessageContaining(CannedNode.ADDRESS);
    }

    @Test
    void statsListPortsBeforeInstancesAndCountEveryKindOfFailure() {
        GetServiceInfoResponse info = new GetServiceInfoResponse();
        Statistics failing = window(10, 50);
        failing.setConnectionFailures(1);
        failing.setTimeouts(2);
        failing.setHttpErrors(3);
        failing.setSoapFaults(4);
        failing.setProtocolErrors(5);
        failing.setNoInstance(6);
        InstanceInfo instance = instance("q-1", "Quotes", InstanceState.OPERATIONAL);
        instance.setWindow(failing);
        info.getInstance().add(instance);
        info.getVirtualPort().add(port("Quotes", 1, null));

        assertThat(StatsCommand.rows(info)).extracting(StatsCommand.Row::kind, StatsCommand.Row::instanceId,
                StatsCommand.Row::failures, StatsCommand.Row::noInstance, StatsCommand.Row::requestsPerSecond)
                .containsExactly(tuple("port", null, 0L, 0L, 0.0), tuple("instance", "q-1", 15L, 6L, 5.0));
    }

    private static GetServiceInfoResponse overview(VirtualPortInfo... ports) {
        GetServiceInfoResponse overview = new GetServiceInfoResponse();
        NodeInfo node = new NodeInfo();
        node.setName("main");
        node.getVirtualPort().addAll(List.of(ports));
        overview.setNode(node);
        return overview;
    }

    private static VirtualPortInfo port(String name, int instances, Statistics window) {
        VirtualPortInfo port = new VirtualPortInfo();
        port.setName(name);
        port.setInstanceCount(instances);
        port.setWindow(window);
        return port;
    }

    private static VirtualPortInfo withTotal(VirtualPortInfo port, long periodSeconds) {
        port.setTotal(window(periodSeconds, 0));
        return port;
    }

    private static Statistics window(long periodSeconds, long requests) {
        Statistics window = new Statistics();
        window.setPeriodSeconds(periodSeconds);
        window.setRequests(requests);
        return window;
    }

    private static InstanceInfo instance(String id, String port, InstanceState state) {
        InstanceInfo i = new InstanceInfo();
        i.setInstanceId(id);
        i.setVirtualPort(port);
        i.setState(state);
        i.setEndpointAddress("http://" + id + ".example/q");
        return i;
    }
}
