package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.node.cluster.MemberProof;
import org.servicedomain.node.proof.TimedSignature;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;

/**
 * Issue 27, item 8: a member proof opens a session at the member it was made for, for its user, once.
 * The proof is made here the way a member makes it, with the cluster's secret read from ZooKeeper
 * (what a fake member could read); replayed, or sent to another member, it is refused.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ReplayedMemberProofTest {

    @RegisterExtension
    static final ZooKeeperEnsemble ZOOKEEPER = new ZooKeeperEnsemble(1);

    private RunningNode memberA;
    private RunningNode memberB;
    private TimedSignature clusterSecret;

    @BeforeEach
    void twoMembersAndAUser() throws Exception {
        List<RunningNode> members = ZOOKEEPER.startMembersWithUser("proofs", 2, "joe", "joe-pw");
        memberA = members.get(0);
        memberB = members.get(1);
        clusterSecret = new TimedSignature(ZOOKEEPER.clusterSecret(), null);
    }

    @Test
    void refusesAMemberProofUsedASecondTime() {
        String proof = proofFor(memberB, "joe");

        assertThat(askForSession(memberB, proof, "joe").status()).as("the genuine call").isEqualTo(200);
        assertThat(askForSession(memberB, proof, "joe").status()).as("the same proof again").isEqualTo(403);
    }

    @Test
    void refusesAMemberProofMadeForAnotherMemberOrAnotherPath() {
        assertThat(askForSession(memberB, proofFor(memberA, "joe"), "joe").status()).as("A's proof at B").isEqualTo(403);
        String elsewhere = clusterSecret.sign(new TimedSignature.Claim("session", "POST", "/sd/load", memberIdOf(memberB), "joe",
                new byte[0]), Instant.now());
        assertThat(askForSession(memberB, elsewhere, "joe").status()).as("made for another path").isEqualTo(403);
        assertThat(askForSession(memberB, proofFor(memberB, "joe"), "joe").status()).as("made for B").isEqualTo(200);
    }

    /** A member proof as a member makes it for {@code target}: {@link MemberProof}'s claim under the cluster's secret. */
    private String proofFor(RunningNode target, String user) {
        return clusterSecret.sign(new TimedSignature.Claim("session", "POST", sessionAddress(target).getRawPath(), memberIdOf(target),
                user, new byte[0]), Instant.now());
    }

    private static String memberIdOf(RunningNode member) {
        return member.loadReport().cluster().member();
    }

    private static URI sessionAddress(RunningNode member) {
        return URI.create(member.baseUri() + "/cluster/session");
    }

    private static SoapReply askForSession(RunningNode member, String proof, String user) {
        return SoapExchange.post(sessionAddress(member), "application/json", null,
                ("{\"user\":\"" + user + "\"}").getBytes(StandardCharsets.UTF_8),
                Map.of(MemberProof.HEADER, proof, MemberProof.USER_HEADER, MemberProof.userHeader(user)));
    }
}
