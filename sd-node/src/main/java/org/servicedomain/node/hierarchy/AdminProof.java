package org.servicedomain.node.hierarchy;

import java.util.Objects;
import org.servicedomain.node.proof.TimedSignature;

/**
 * Proves to a child node that a home-port call was forwarded by its parent for one of the parent's
 * administrators, bound to that one request: the {@link ParentProof#HEADER} holds {@code admin:} and a
 * {@link TimedSignature} token, under the shared parent secret, of the child's node id, the path
 * called, the user and the SHA-256 of the body. A child takes it within the window and only once.
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

        TimedSignature.Claim claim() {
            return new TimedSignature.Claim(PURPOSE, "POST", target, nodeId, user, bodyDigest);
        }
    }

    private AdminProof() {
    }

    /** Whether {@code header} claims to be an admin proof rather than a poll proof. */
    public static boolean isAdminProof(String header) {
        return header != null && header.startsWith(PURPOSE + ":");
    }

    /** The header value that proves {@code call} with {@code signer}, made now with a fresh nonce. */
    public static String of(TimedSignature signer, java.time.Instant now, Call call) {
        return PURPOSE + ":" + signer.sign(call.claim(), now);
    }

    /** The token of an admin proof header, or null when it is none. */
    static String token(String header) {
        return isAdminProof(header) ? header.substring(PURPOSE.length() + 1) : null;
    }

    /** The SHA-256 of {@code body}. */
    public static byte[] digest(byte[] body) {
        return TimedSignature.digest(body);
    }
}
