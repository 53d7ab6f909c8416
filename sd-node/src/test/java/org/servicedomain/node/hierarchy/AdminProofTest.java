package org.servicedomain.node.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A parent's proof on a forwarded administrator call: bound to the child, the path, the user and the body. */
class AdminProofTest {

    private static final Instant NOW = Instant.parse("2026-12-01T22:00:00Z");
    private static final String SECRET = "parent-secret-of-child";
    private static final AdminProof.Call CALL = call("child-id", "/services/home", "root", "<getPolicy/>");

    private static AdminProof.Call call(String nodeId, String target, String user, String body) {
        return new AdminProof.Call(nodeId, target, user, AdminProof.digest(body.getBytes(StandardCharsets.UTF_8)));
    }

    private static boolean verifies(String proof, String secret, Instant at, AdminProof.Call call) {
        return AdminProof.verifies(AdminProof.read(proof), secret, at, call);
    }

    @Test
    void aProofVerifiesForExactlyTheCallItWasMadeFor() {
        String proof = AdminProof.of(SECRET, NOW, "n1", CALL);

        assertThat(verifies(proof, SECRET, NOW.plusSeconds(3), CALL)).isTrue();
    }

    @Test
    void aProofIsRefusedForAnotherBodyAnotherPathAnotherUserOrAnotherChild() {
        String proof = AdminProof.of(SECRET, NOW, "n1", CALL);

        assertThat(verifies(proof, SECRET, NOW, call("child-id", "/services/home", "root", "<setPolicy/>"))).isFalse();
        assertThat(verifies(proof, SECRET, NOW, call("child-id", "/children/x/services/home", "root", "<getPolicy/>"))).isFalse();
        assertThat(verifies(proof, SECRET, NOW, call("child-id", "/services/home", "eve", "<getPolicy/>"))).isFalse();
        assertThat(verifies(proof, SECRET, NOW, call("sibling-id", "/services/home", "root", "<getPolicy/>"))).isFalse();
    }

    @Test
    void aProofMadeWithAnotherSecretOrOutsideTheSkewIsRefused() {
        assertThat(verifies(AdminProof.of("a-guessed-secret-value", NOW, "n1", CALL), SECRET, NOW, CALL)).isFalse();
        assertThat(verifies(AdminProof.of(SECRET, NOW, "n1", CALL), SECRET, NOW.plus(ParentProof.MAX_SKEW).plusSeconds(1), CALL))
                .isFalse();
        assertThat(verifies(AdminProof.of(SECRET, NOW, "n1", CALL), null, NOW, CALL)).isFalse();
    }

    @Test
    void aProofWithItsTimeOrNonceChangedIsRefused() {
        String proof = AdminProof.of(SECRET, NOW, "n1", CALL);
        String mac = proof.substring(proof.lastIndexOf(':') + 1);

        assertThat(verifies("admin:" + (NOW.toEpochMilli() + 1) + ":n1:" + mac, SECRET, NOW, CALL)).isFalse();
        assertThat(verifies("admin:" + NOW.toEpochMilli() + ":n2:" + mac, SECRET, NOW, CALL)).isFalse();
    }

    @Test
    void aPollProofIsNoAdminProofAndAnAdminProofIsNoPollProof() {
        String poll = ParentProof.of(SECRET, NOW);
        String admin = AdminProof.of(SECRET, NOW, "n1", CALL);

        assertThat(AdminProof.isAdminProof(poll)).isFalse();
        assertThat(verifies(poll, SECRET, NOW, CALL)).isFalse();
        assertThat(ParentProof.verifies(admin, SECRET, NOW)).isFalse();
    }

    @Test
    void malformedAdminProofsAreReadAsNone() {
        assertThat(AdminProof.read("admin:")).isNull();
        assertThat(AdminProof.read("admin:soon:n1:mac")).isNull();
        assertThat(AdminProof.read("admin:1:n1")).isNull();
        assertThat(AdminProof.read("admin:1::mac")).isNull();
        assertThat(AdminProof.read(null)).isNull();
    }

    @Test
    void aProofNonceIsTakenOnceAndForgottenOnlyAfterItsProofExpired() {
        ProofNonces nonces = new ProofNonces(2);
        long made = NOW.toEpochMilli();

        assertThat(nonces.firstUse("n1", made, NOW)).isTrue();
        assertThat(nonces.firstUse("n1", made, NOW)).as("replayed").isFalse();
        assertThat(nonces.firstUse("n2", made, NOW)).isTrue();
        assertThat(nonces.firstUse("n3", made, NOW)).as("full of live nonces: refuse rather than forget").isFalse();
        Instant later = NOW.plus(ParentProof.MAX_SKEW).plusSeconds(1);
        assertThat(nonces.firstUse("n3", later.toEpochMilli(), later)).isTrue();
    }
}
