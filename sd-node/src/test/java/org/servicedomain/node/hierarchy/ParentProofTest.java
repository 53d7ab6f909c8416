package org.servicedomain.node.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A parent's proof on its discovery poll: made with the shared secret, fresh, and not forgeable. */
class ParentProofTest {

    private static final Instant NOW = Instant.parse("2026-11-29T21:00:00Z");

    @Test
    void aProofMadeWithTheSharedSecretVerifies() {
        assertThat(ParentProof.verifies(ParentProof.of("s3cret", NOW), "s3cret", NOW.plusSeconds(2))).isTrue();
    }

    @Test
    void aProofMadeWithAnotherSecretIsRefused() {
        assertThat(ParentProof.verifies(ParentProof.of("guess", NOW), "s3cret", NOW)).isFalse();
    }

    @Test
    void aProofOlderThanTheAllowedSkewIsRefused() {
        String proof = ParentProof.of("s3cret", NOW);

        assertThat(ParentProof.verifies(proof, "s3cret", NOW.plus(ParentProof.MAX_SKEW).plusSeconds(1))).isFalse();
    }

    @Test
    void aProofWithItsTimeChangedIsRefused() {
        String proof = ParentProof.of("s3cret", NOW);
        String moved = (NOW.toEpochMilli() + 1) + proof.substring(proof.indexOf(':'));

        assertThat(ParentProof.verifies(moved, "s3cret", NOW)).isFalse();
    }

    @Test
    void malformedProofsAndANodeWithoutParentSecretRefuseEverything() {
        assertThat(ParentProof.verifies("no-colon", "s3cret", NOW)).isFalse();
        assertThat(ParentProof.verifies(":abc", "s3cret", NOW)).isFalse();
        assertThat(ParentProof.verifies(null, "s3cret", NOW)).isFalse();
        assertThat(ParentProof.verifies(ParentProof.of("s3cret", NOW), null, NOW)).isFalse();
    }
}
