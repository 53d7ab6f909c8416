package org.servicedomain.node.proof;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;

/**
 * The one HMAC-SHA256 proof the nodes give each other: a token {@code <millis>:<nonce>:<mac>} that
 * signs a {@link Claim} (purpose, method, path, target, subject, body digest) with the time it was
 * made and a random nonce. A verifier takes it within {@link #WINDOW} of its own clock, compares the
 * MAC in constant time, and, with a {@link UsedNonces} store, only once; so a captured proof is
 * useless for another request, another node, later, or a second time.
 */
public final class TimedSignature {

    /** How far a proof's time may lie from the verifier's clock, either way. */
    public static final Duration WINDOW = Duration.ofSeconds(30);
    private static final String HMAC = "HmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * What a proof is for; every field is signed, each with its length, so no two claims read the same.
     *
     * @param purpose what kind of proof this is ({@code poll}, {@code admin}, {@code session}, {@code context})
     * @param method the HTTP method of the request it goes with
     * @param path the request's path as sent (or the operation it asks for)
     * @param target the node it is for: its id, or the authority it was dialled at
     * @param subject what else it vouches for (a user, a signed header's content); empty for nothing
     * @param bodyDigest the SHA-256 of the body it goes with, or empty when the body is not bound
     */
    public record Claim(String purpose, String method, String path, String target, String subject, byte[] bodyDigest) {

        public Claim {
            Objects.requireNonNull(purpose, "purpose");
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(bodyDigest, "bodyDigest");
        }

        /** A claim that binds no subject and no body. */
        public static Claim of(String purpose, String method, String path, String target) {
            return new Claim(purpose, method, path, target, "", new byte[0]);
        }

        private String signed(long millis, String nonce) {
            StringBuilder text = new StringBuilder();
            for (String field : new String[] {purpose, Long.toString(millis), nonce, method, path, target, subject,
                    Base64.getEncoder().encodeToString(bodyDigest)}) {
                text.append(field.length()).append(':').append(field).append(';');
            }
            return text.toString();
        }
    }

    /** Why a proof was or was not taken. */
    public enum Verdict {
        VALID, MALFORMED, OUTSIDE_WINDOW, WRONG_SIGNATURE, REPLAYED;

        public boolean valid() {
            return this == VALID;
        }

        /**
         * Whether a refusal is worth a WARN: a proof whose MAC verified but was used before, which only
         * someone who saw a genuine proof can send. Any caller can send a malformed, stale or wrongly
         * signed one, so those are logged at debug, lest refusals flood the log.
         */
        public boolean warns() {
            return this == REPLAYED;
        }

        /** Logs that the proof of {@code what} was refused, at the level {@link #warns()} asks; a valid verdict logs nothing. */
        public void logRefusal(Logger log, String what) {
            if (warns()) {
                log.warn("{} refused: {}", what, this);
            } else if (!valid()) {
                log.debug("{} refused: {}", what, this);
            }
        }
    }

    /** A token as read, before it is checked. */
    public record Presented(long millis, String nonce, String mac) {
    }

    private final byte[] key;
    private final UsedNonces nonces;

    /** @param nonces the store that refuses a second use, or null for a signer that verifies nothing once-only */
    public TimedSignature(byte[] key, UsedNonces nonces) {
        this.key = key.clone();
        this.nonces = nonces;
    }

    /** A signer (and verifier without a nonce store) for the secret {@code secret}. */
    public static TimedSignature of(String secret) {
        return new TimedSignature(secret.getBytes(StandardCharsets.UTF_8), null);
    }

    /** A verifier for {@code secret} that takes each proof once, from {@code now} on. */
    public static TimedSignature once(String secret, Instant now) {
        return new TimedSignature(secret.getBytes(StandardCharsets.UTF_8), new UsedNonces(UsedNonces.MAX, WINDOW, now));
    }

    /** The token for {@code claim} made at {@code now} with a fresh random nonce. */
    public String sign(Claim claim, Instant now) {
        byte[] bytes = new byte[18];
        RANDOM.nextBytes(bytes);
        return sign(claim, now, Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /** The token for {@code claim} made at {@code now} with {@code nonce} (no {@code :} in it). */
    public String sign(Claim claim, Instant now, String nonce) {
        if (nonce.isEmpty() || nonce.indexOf(':') >= 0) {
            throw new IllegalArgumentException("a nonce must be non-empty and hold no ':'");
        }
        long millis = now.toEpochMilli();
        return millis + ":" + nonce + ":" + mac(claim.signed(millis, nonce));
    }

    /** The parts of {@code token}, or null when it is not in the right shape. */
    public static Presented read(String token) {
        if (token == null) {
            return null;
        }
        String[] parts = token.split(":", 3);
        if (parts.length != 3 || parts[1].isEmpty() || parts[2].isEmpty()) {
            return null;
        }
        try {
            return new Presented(Long.parseLong(parts[0]), parts[1], parts[2]);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * Whether {@code token} signs exactly {@code claim} under this key within {@link #WINDOW} of
     * {@code now} and, with a nonce store, was not taken before; a valid token's nonce is recorded.
     */
    public Verdict verify(String token, Claim claim, Instant now) {
        Presented presented = read(token);
        if (presented == null) {
            return Verdict.MALFORMED;
        }
        if (Duration.between(Instant.ofEpochMilli(presented.millis()), now).abs().compareTo(WINDOW) > 0) {
            return Verdict.OUTSIDE_WINDOW;
        }
        byte[] expected = mac(claim.signed(presented.millis(), presented.nonce())).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(expected, presented.mac().getBytes(StandardCharsets.US_ASCII))) {
            return Verdict.WRONG_SIGNATURE;
        }
        if (nonces != null && !nonces.firstUse(presented.nonce(), presented.millis(), now)) {
            return Verdict.REPLAYED;
        }
        return Verdict.VALID;
    }

    /** The SHA-256 of {@code body}. */
    public static byte[] digest(byte[] body) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(body);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK cannot compute SHA-256", e);
        }
    }

    private String mac(String text) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            return Base64.getEncoder().encodeToString(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("the JDK cannot compute " + HMAC, e);
        }
    }
}
