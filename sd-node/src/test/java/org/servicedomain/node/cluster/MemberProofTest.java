package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Instant;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.proof.TimedSignature;
import org.servicedomain.node.proof.TimedSignature.Verdict;

class MemberProofTest {

    private static final String PATH = "/sd/cluster/session";

    @Test
    void membersOfOneClusterShareTheSecretAndAProofHoldsForItsUserMemberPathAndTimeOnce() throws Exception {
        try (TestingServer zookeeper = new TestingServer(true)) {
            ClusterConfig config = new ClusterConfig(zookeeper.getConnectString(), "proof", OneZooKeeper.CREDENTIAL);
            MemberProof first = proof(config);
            MemberProof second = proof(config);
            MemberProof otherCluster = proof(new ClusterConfig(zookeeper.getConnectString(), "other", OneZooKeeper.CREDENTIAL));
            Instant now = Instant.now();

            String proof = first.of("joe", "m2", PATH, now);

            assertThat(second.verify(proof, "admin", "m2", PATH, now)).as("another user").isEqualTo(Verdict.WRONG_SIGNATURE);
            assertThat(second.verify(proof, "joe", "m3", PATH, now)).as("another member").isEqualTo(Verdict.WRONG_SIGNATURE);
            assertThat(second.verify(proof, "joe", "m2", "/sd/other", now)).as("another path").isEqualTo(Verdict.WRONG_SIGNATURE);
            assertThat(second.verify(proof, "joe", "m2", PATH, now.plus(TimedSignature.WINDOW).plusSeconds(1))).as("too old")
                    .isEqualTo(Verdict.OUTSIDE_WINDOW);
            assertThat(otherCluster.verify(proof, "joe", "m2", PATH, now)).as("another cluster's secret")
                    .isEqualTo(Verdict.WRONG_SIGNATURE);
            assertThat(second.verify("garbage", "joe", "m2", PATH, now)).isEqualTo(Verdict.MALFORMED);
            assertThat(second.verify(proof, "joe", "m2", PATH, now)).isEqualTo(Verdict.VALID);
            assertThat(second.verify(proof, "joe", "m2", PATH, now)).as("replayed").isEqualTo(Verdict.REPLAYED);
        }
    }

    private static MemberProof proof(ClusterConfig config) throws IOException {
        try (ClusterConnection connection = ClusterConnection.open(config)) {
            return MemberProof.load(connection.client());
        }
    }
}
