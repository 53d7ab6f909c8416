package org.servicedomain.node.proof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.verifyNoMoreInteractions;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.proof.TimedSignature.Claim;
import org.servicedomain.node.proof.TimedSignature.Verdict;
import org.slf4j.Logger;

/** The one proof the nodes give each other: bound to its request, inside a short window, taken once. */
class TimedSignatureTest {

    private static final Instant NOW = Instant.parse("2026-12-05T12:00:00Z");
    private static final String SECRET = "a-shared-secret-of-the-nodes";
    private static final Claim CLAIM = new Claim("poll", "POST", "/sd/services/home", "127.0.0.1:8080", "root",
            TimedSignature.digest("<getServiceInfo/>".getBytes(StandardCharsets.UTF_8)));

    private static TimedSignature verifier() {
        return TimedSignature.once(SECRET, NOW.minusSeconds(60));
    }

    @Test
    void aProofVerifiesForExactlyTheClaimItWasMadeFor() {
        String token = TimedSignature.of(SECRET).sign(CLAIM, NOW);

        assertThat(verifier().verify(token, CLAIM, NOW.plusSeconds(3))).isEqualTo(Verdict.VALID);
    }

    @Test
    void aProofIsRefusedForAnotherPurposeMethodPathTargetSubjectOrBody() {
        String token = TimedSignature.of(SECRET).sign(CLAIM, NOW);
        byte[] digest = CLAIM.bodyDigest();

        assertThat(verifier().verify(token, new Claim("admin", "POST", "/sd/services/home", "127.0.0.1:8080", "root", digest), NOW))
                .isEqualTo(Verdict.WRONG_SIGNATURE);
        assertThat(verifier().verify(token, new Claim("poll", "GET", "/sd/services/home", "127.0.0.1:8080", "root", digest), NOW))
                .isEqualTo(Verdict.WRONG_SIGNATURE);
        assertThat(verifier().verify(token, new Claim("poll", "POST", "/sd/load", "127.0.0.1:8080", "root", digest), NOW))
                .isEqualTo(Verdict.WRONG_SIGNATURE);
        assertThat(verifier().verify(token, new Claim("poll", "POST", "/sd/services/home", "127.0.0.1:8081", "root", digest), NOW))
                .isEqualTo(Verdict.WRONG_SIGNATURE);
        assertThat(verifier().verify(token, new Claim("poll", "POST", "/sd/services/home", "127.0.0.1:8080", "eve", digest), NOW))
                .isEqualTo(Verdict.WRONG_SIGNATURE);
        assertThat(verifier().verify(token, new Claim("poll", "POST", "/sd/services/home", "127.0.0.1:8080", "root",
                TimedSignature.digest(new byte[] {1})), NOW)).isEqualTo(Verdict.WRONG_SIGNATURE);
    }

    @Test
    void fieldsCannotBeShiftedFromOneIntoTheNext() {
        String token = TimedSignature.of(SECRET).sign(Claim.of("poll", "POST", "/a", "b:1"), NOW);

        assertThat(verifier().verify(token, Claim.of("poll", "POST", "/a;b", ":1"), NOW)).isEqualTo(Verdict.WRONG_SIGNATURE);
    }

    @Test
    void noTwoAdjacentFieldsReadTheSameWhenTextMovesAcrossTheirBoundary() {
        TimedSignature signer = TimedSignature.of(SECRET);
        byte[] none = new byte[0];

        assertThat(verifier().verify(signer.sign(new Claim("poll", "POST", "ab", "c", "", none), NOW),
                new Claim("poll", "POST", "a", "bc", "", none), NOW)).as("path | target").isEqualTo(Verdict.WRONG_SIGNATURE);
        assertThat(verifier().verify(signer.sign(new Claim("poll", "POST", "/p", "ab", "c", none), NOW),
                new Claim("poll", "POST", "/p", "a", "bc", none), NOW)).as("target | subject").isEqualTo(Verdict.WRONG_SIGNATURE);
        assertThat(verifier().verify(signer.sign(new Claim("ab", "c", "/p", "t", "", none), NOW),
                new Claim("a", "bc", "/p", "t", "", none), NOW)).as("purpose | method").isEqualTo(Verdict.WRONG_SIGNATURE);
        assertThat(verifier().verify(signer.sign(new Claim("poll", "POST", "/p", "t", "", none), NOW),
                new Claim("poll", "POST", "/p", "t", "", new byte[1]), NOW)).as("an empty body | a body").isEqualTo(Verdict.WRONG_SIGNATURE);
    }

    @Test
    void aProofDatedFurtherAheadThanTheWindowIsRefusedLikeAnExpiredOne() {
        Instant ahead = NOW.plus(TimedSignature.WINDOW).plusSeconds(1);

        assertThat(verifier().verify(TimedSignature.of(SECRET).sign(CLAIM, ahead), CLAIM, NOW)).isEqualTo(Verdict.OUTSIDE_WINDOW);
        assertThat(verifier().verify(TimedSignature.of(SECRET).sign(CLAIM, NOW.plus(TimedSignature.WINDOW)), CLAIM, NOW))
                .as("at the window's edge").isEqualTo(Verdict.VALID);
    }

    @Test
    void aRefusalAnyCallerCanSendIsLoggedAtDebugAReplayAtWarnAndAValidProofNotAtAll() {
        Logger log = mock(Logger.class);

        Verdict.VALID.logRefusal(log, "poll proof");
        verifyNoInteractions(log);
        for (Verdict quiet : new Verdict[] {Verdict.MALFORMED, Verdict.OUTSIDE_WINDOW, Verdict.WRONG_SIGNATURE}) {
            quiet.logRefusal(log, "poll proof");
            verify(log).debug("{} refused: {}", "poll proof", quiet);
        }
        Verdict.REPLAYED.logRefusal(log, "poll proof");
        verify(log).warn("{} refused: {}", "poll proof", Verdict.REPLAYED);
        verifyNoMoreInteractions(log);
    }

    @Test
    void aProofOutsideTheWindowEitherWayIsRefused() {
        String token = TimedSignature.of(SECRET).sign(CLAIM, NOW);

        assertThat(verifier().verify(token, CLAIM, NOW.plus(TimedSignature.WINDOW).plusMillis(1))).isEqualTo(Verdict.OUTSIDE_WINDOW);
        assertThat(verifier().verify(token, CLAIM, NOW.minus(TimedSignature.WINDOW).minusMillis(1))).isEqualTo(Verdict.OUTSIDE_WINDOW);
        assertThat(verifier().verify(token, CLAIM, NOW.plus(TimedSignature.WINDOW))).isEqualTo(Verdict.VALID);
    }

    @Test
    void aProofMadeWithAnotherSecretOrWithItsTimeOrNonceChangedIsRefused() {
        String token = TimedSignature.of(SECRET).sign(CLAIM, NOW, "n1");
        String mac = token.substring(token.lastIndexOf(':') + 1);

        assertThat(verifier().verify(TimedSignature.of("a-guessed-secret").sign(CLAIM, NOW), CLAIM, NOW))
                .isEqualTo(Verdict.WRONG_SIGNATURE);
        assertThat(verifier().verify((NOW.toEpochMilli() + 1) + ":n1:" + mac, CLAIM, NOW)).isEqualTo(Verdict.WRONG_SIGNATURE);
        assertThat(verifier().verify(NOW.toEpochMilli() + ":n2:" + mac, CLAIM, NOW)).isEqualTo(Verdict.WRONG_SIGNATURE);
    }

    @Test
    void aVerifierWithANonceStoreTakesAProofOnce() {
        TimedSignature verifier = verifier();
        String token = TimedSignature.of(SECRET).sign(CLAIM, NOW);

        assertThat(verifier.verify(token, CLAIM, NOW)).isEqualTo(Verdict.VALID);
        assertThat(verifier.verify(token, CLAIM, NOW.plusSeconds(1))).isEqualTo(Verdict.REPLAYED);
        assertThat(verifier.verify(TimedSignature.of(SECRET).sign(CLAIM, NOW), CLAIM, NOW)).as("a fresh nonce").isEqualTo(Verdict.VALID);
    }

    @Test
    void twoProofsSignedAtTheSameInstantCarryDifferentNonces() {
        TimedSignature signer = TimedSignature.of(SECRET);

        assertThat(TimedSignature.read(signer.sign(CLAIM, NOW)).nonce()).isNotEqualTo(TimedSignature.read(signer.sign(CLAIM, NOW)).nonce());
    }

    @Test
    void aProofMadeBeforeTheVerifierStartedIsRefused() {
        TimedSignature startedNow = TimedSignature.once(SECRET, NOW);

        assertThat(startedNow.verify(TimedSignature.of(SECRET).sign(CLAIM, NOW.minusSeconds(1)), CLAIM, NOW)).isEqualTo(Verdict.REPLAYED);
    }

    @Test
    void malformedTokensAreRefusedAsSuch() {
        for (String token : new String[] {null, "", "soon:n1:mac", "1:n1", "1::mac", "1:n1:", "admin:1:n1:mac"}) {
            assertThat(verifier().verify(token, CLAIM, NOW)).as(String.valueOf(token)).isEqualTo(Verdict.MALFORMED);
        }
    }

    @Test
    void theNonceStoreIsBoundedAndForgetsANonceOnlyAfterItsProofExpired() {
        UsedNonces nonces = new UsedNonces(2, TimedSignature.WINDOW, NOW);
        long made = NOW.toEpochMilli();

        assertThat(nonces.firstUse("n1", made, NOW)).isTrue();
        assertThat(nonces.firstUse("n1", made, NOW)).as("replayed").isFalse();
        assertThat(nonces.firstUse("n2", made, NOW)).isTrue();
        assertThat(nonces.firstUse("n3", made, NOW)).as("full of live nonces: refuse rather than forget").isFalse();
        Instant later = NOW.plus(TimedSignature.WINDOW).plusSeconds(1);
        assertThat(nonces.firstUse("n3", later.toEpochMilli(), later)).isTrue();
    }
}
