package org.servicedomain.node.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.proof.TimedSignature;

/** A parent's proof on a forwarded administrator call: bound to the child, the path, the user and the body. */
class AdminProofTest {

    private static final Instant NOW = Instant.now();
    private static final String SECRET = "parent-secret-of-child";
    private static final AdminProof.Call CALL = call("child-id", "/services/home", "root", "<getPolicy/>");

    private static AdminProof.Call call(String nodeId, String target, String user, String body) {
        return new AdminProof.Call(nodeId, target, user, AdminProof.digest(body.getBytes(StandardCharsets.UTF_8)));
    }

    private static boolean verifies(String proof, AdminProof.Call call) {
        return TimedSignature.of(SECRET).verify(AdminProof.token(proof), call.claim(), NOW).valid();
    }

    @Test
    void aProofVerifiesForExactlyTheCallItWasMadeFor() {
        assertThat(verifies(AdminProof.of(TimedSignature.of(SECRET), NOW, CALL), CALL)).isTrue();
    }

    @Test
    void aProofIsRefusedForAnotherBodyAnotherPathAnotherUserOrAnotherChild() {
        String proof = AdminProof.of(TimedSignature.of(SECRET), NOW, CALL);

        assertThat(verifies(proof, call("child-id", "/services/home", "root", "<setPolicy/>"))).isFalse();
        assertThat(verifies(proof, call("child-id", "/children/x/services/home", "root", "<getPolicy/>"))).isFalse();
        assertThat(verifies(proof, call("child-id", "/services/home", "eve", "<getPolicy/>"))).isFalse();
        assertThat(verifies(proof, call("sibling-id", "/services/home", "root", "<getPolicy/>"))).isFalse();
    }

    @Test
    void aPollProofIsNoAdminProofAndAnAdminProofIsNoPollProof() {
        String poll = ParentProof.of(SECRET, "POST", URI.create("http://127.0.0.1:8080/sd/services/home"));
        String admin = AdminProof.of(TimedSignature.of(SECRET), NOW, CALL);

        assertThat(AdminProof.isAdminProof(poll)).isFalse();
        assertThat(verifies(poll, CALL)).isFalse();
        assertThat(TimedSignature.of(SECRET).verify(admin, ParentProof.claim("POST", "/sd/services/home", "127.0.0.1:8080"), NOW)
                .valid()).isFalse();
    }
}
