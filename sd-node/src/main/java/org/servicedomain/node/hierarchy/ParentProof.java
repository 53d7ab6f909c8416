package org.servicedomain.node.hierarchy;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Proves to a child node's home port that a discovery poll comes from its parent, so a child whose
 * home port enforces roles still answers it: the HTTP header {@value #HEADER} holds the time and an
 * HMAC-SHA256 of it under the secret parent and child share, accepted within {@link #MAX_SKEW}.
 */
public final class ParentProof {

    public static final String HEADER = "X-SD-Parent-Proof";
    static final Duration MAX_SKEW = Duration.ofMinutes(5);
    private static final String HMAC = "HmacSHA256";

    private ParentProof() {
    }

    /** The header value for a call made at {@code now}. */
    public static String of(String secret, Instant now) {
        long millis = now.toEpochMilli();
        return millis + ":" + hmac(secret, "poll:" + millis);
    }

    /** Whether {@code proof} was made with {@code secret} within {@link #MAX_SKEW} of {@code now}. */
    public static boolean verifies(String proof, String secret, Instant now) {
        if (proof == null || secret == null) {
            return false;
        }
        int colon = proof.indexOf(':');
        long millis;
        try {
            millis = Long.parseLong(proof.substring(0, Math.max(colon, 0)));
        } catch (NumberFormatException e) {
            return false;
        }
        if (Duration.between(Instant.ofEpochMilli(millis), now).abs().compareTo(MAX_SKEW) > 0) {
            return false;
        }
        return MessageDigest.isEqual(hmac(secret, "poll:" + millis).getBytes(StandardCharsets.US_ASCII),
                proof.substring(colon + 1).getBytes(StandardCharsets.US_ASCII));
    }

    /** HMAC-SHA256 of {@code text} under {@code secret}, in Base64. */
    static String hmac(String secret, String text) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), HMAC));
            return Base64.getEncoder().encodeToString(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("the JDK cannot compute " + HMAC, e);
        }
    }
}
