package org.servicedomain.node.hierarchy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Objects;

/**
 * Proves to a child node that a home-port call was forwarded by its parent for one of the parent's
 * administrators, and binds the proof to that one request, so it cannot be reused for another: the
 * {@link ParentProof#HEADER} holds {@code admin:<millis>:<nonce>:<hmac>}, the HMAC-SHA256 under the
 * shared parent secret of the purpose tag, the time, the nonce, the child's node id, the path called,
 * the user and the SHA-256 of the body. A child accepts it within {@link ParentProof#MAX_SKEW} and,
 * through {@link ProofNonces}, only once.
 */
public final class AdminProof {

    /** The purpose tag that starts an admin proof; a poll proof ({@link ParentProof}) starts with digits. */
    public static final String PURPOSE = "admin";

    /**
     * The forwarded request a proof is bound to.
     *
     * @param nodeId the id of the child the call is for, so a proof for one child is refused by another
     * @param target the path called below the child's base address ({@code /services/home})
     * @param user the parent's administrator the call is made for
     * @param bodyDigest the SHA-256 of the body as forwarded
     */
    public record Call(String nodeId, String target, String user, byte[] bodyDigest) {

        public Call {
            Objects.requireNonNull(nodeId, "nodeId");
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(bodyDigest, "bodyDigest");
        }

        private String signed(long millis, String nonce) {
            return String.join("\n", PURPOSE, Long.toString(millis), nonce, nodeId, target, user,
                    Base64.getEncoder().encodeToString(bodyDigest));
        }
    }

    /** A proof as read from the header, before it is checked. */
    public record Presented(long millis, String nonce, String mac) {
    }

    private AdminProof() {
    }

    /** Whether {@code header} claims to be an admin proof rather than a poll proof. */
    public static boolean isAdminProof(String header) {
        return header != null && header.startsWith(PURPOSE + ":");
    }

    /** The header value for {@code call} made at {@code now} with the fresh {@code nonce} (no {@code :} in it). */
    public static String of(String secret, Instant now, String nonce, Call call) {
        if (nonce.indexOf(':') >= 0) {
            throw new IllegalArgumentException("a nonce must not contain ':'");
        }
        long millis = now.toEpochMilli();
        return PURPOSE + ":" + millis + ":" + nonce + ":" + ParentProof.hmac(secret, call.signed(millis, nonce));
    }

    /** The parts of {@code header}, or null when it is not an admin proof in the right shape. */
    public static Presented read(String header) {
        if (!isAdminProof(header)) {
            return null;
        }
        String[] parts = header.split(":", 4);
        if (parts.length != 4 || parts[2].isEmpty() || parts[3].isEmpty()) {
            return null;
        }
        try {
            return new Presented(Long.parseLong(parts[1]), parts[2], parts[3]);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Whether {@code proof} was made with {@code secret} for exactly {@code call}, within the allowed skew of {@code now}. */
    public static boolean verifies(Presented proof, String secret, Instant now, Call call) {
        if (proof == null || secret == null) {
            return false;
        }
        if (Duration.between(Instant.ofEpochMilli(proof.millis()), now).abs().compareTo(ParentProof.MAX_SKEW) > 0) {
            return false;
        }
        String expected = ParentProof.hmac(secret, call.signed(proof.millis(), proof.nonce()));
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII), proof.mac().getBytes(StandardCharsets.US_ASCII));
    }

    /** The SHA-256 of {@code body}. */
    public static byte[] digest(byte[] body) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(body);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK cannot compute SHA-256", e);
        }
    }
}
