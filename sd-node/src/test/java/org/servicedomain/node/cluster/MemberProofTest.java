package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Instant;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

class MemberProofTest {

    @Test
    void membersOfOneClusterShareTheSecretAndAProofHoldsForItsUserAndTimeOnly() throws Exception {
        try (TestingServer zookeeper = new TestingServer(true)) {
            ClusterConfig config = new ClusterConfig(zookeeper.getConnectString(), "proof");
            MemberProof first = proof(config);
            MemberProof second = proof(config);
            MemberProof otherCluster = proof(new ClusterConfig(zookeeper.getConnectString(), "other"));
            Instant now = Instant.now();

            String proof = first.of("joe", now);

            assertThat(second.verifies(proof, "joe", now)).isTrue();
            assertThat(second.verifies(proof, "admin", now)).as("another user").isFalse();
            assertThat(second.verifies(proof, "joe", now.plus(MemberProof.MAX_SKEW).plusSeconds(1))).as("too old").isFalse();
            assertThat(otherCluster.verifies(proof, "joe", now)).as("another cluster's secret").isFalse();
            assertThat(second.verifies("garbage", "joe", now)).isFalse();
        }
    }

    private static MemberProof proof(ClusterConfig config) throws IOException {
        try (ClusterConnection connection = ClusterConnection.open(config)) {
            return MemberProof.load(connection.client());
        }
    }
}
