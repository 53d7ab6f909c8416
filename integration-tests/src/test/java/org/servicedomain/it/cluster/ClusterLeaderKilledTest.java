package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.cluster.ClusterConfig;
import org.servicedomain.node.engine.offload.LoadReport;
import org.servicedomain.testsupport.NodeProcess;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;

/**
 * A leader that dies without leaving (SIGKILL) hands the shared chores over once ZooKeeper ends its
 * session (docs/cluster.md, The leader): the leader runs as a launched process, the other member in
 * this JVM.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ClusterLeaderKilledTest {

    private static final ObjectMapper JSON = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    @TempDir
    Path leaderDir;
    @TempDir
    Path otherDir;

    private TestingServer zookeeper;
    private NodeProcess leader;
    private RunningNode other;

    @BeforeEach
    void aZooKeeperServer() throws Exception {
        zookeeper = new TestingServer(true);
    }

    @AfterEach
    void stopAll() throws Exception {
        if (other != null) {
            other.close();
        }
        if (leader != null) {
            leader.close();
        }
        zookeeper.close();
    }

    @Test
    void killingTheLeaderMovesTheChoresToAnotherMemberOnceItsSessionEnds() {
        leader = NodeProcess.start(leaderDir, ZooKeeperEnsemble.credentialEnvironment(), "--zookeeper", zookeeper.getConnectString(), "--cluster", "killed");
        await().atMost(Duration.ofSeconds(10)).until(() -> role(leader.baseUri()).leader() != null);
        String killed = role(leader.baseUri()).member();
        assertThat(role(leader.baseUri()).leader()).as("the first member leads").isEqualTo(killed);
        other = RunningNode.start(NodeConfig.builder(otherDir)
                .cluster(new ClusterConfig(zookeeper.getConnectString(), "killed", ZooKeeperEnsemble.CREDENTIAL)).build());
        await().atMost(Duration.ofSeconds(10)).until(() -> killed.equals(other.loadReport().cluster().leader()));

        leader.kill();

        String survivor = other.loadReport().cluster().member();
        await().atMost(Duration.ofSeconds(40)).until(() -> survivor.equals(other.loadReport().cluster().leader()));
    }

    private static LoadReport.ClusterRole role(URI nodeBase) {
        SoapReply reply = SoapExchange.get(URI.create(nodeBase + "/load"));
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        try {
            return JSON.readValue(reply.body(), LoadReport.class).cluster();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
