package org.servicedomain.node.cluster;

import java.io.IOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.servicedomain.node.proof.TimedSignature;
import org.servicedomain.node.proof.UsedNonces;

/**
 * Proves to a member that a call asking it to open a session comes from another member of the same
 * cluster: the header {@value #HEADER} holds a {@link TimedSignature} token, under the cluster's
 * secret, of the method, the path, the member it is for and the user, taken once. The secret is a
 * random key the first member writes to {@value #SECRET} and every member reads at start. With the
 * members' credential ({@link ClusterCredential}) only they can read it; whoever could read the
 * cluster's ZooKeeper could also change its users, so the secret asks no more trust than that; it
 * is never sent.
 */
public final class MemberProof {

    public static final String HEADER = "X-SD-Member-Proof";
    /**
     * The user a proof asks a session for, URL-encoded, sent beside the proof so the member checks the
     * proof from the request's head before it reads any body.
     */
    public static final String USER_HEADER = "X-SD-Member-User";
    static final String SECRET = "/secret";
    static final String PURPOSE = "session";

    private final TimedSignature signature;

    MemberProof(byte[] secret, Instant started) {
        this.signature = new TimedSignature(secret, new UsedNonces(UsedNonces.MAX, TimedSignature.WINDOW, started));
    }

    /** The cluster's secret, created by the first member that finds none. */
    static MemberProof load(CuratorFramework client) throws IOException {
        byte[] fresh = new byte[32];
        new SecureRandom().nextBytes(fresh);
        try {
            client.create().creatingParentsIfNeeded().forPath(SECRET, fresh);
            return new MemberProof(fresh, Instant.now());
        } catch (KeeperException.NodeExistsException e) {
            try {
                return new MemberProof(client.getData().forPath(SECRET), Instant.now());
            } catch (Exception read) {
                throw ZooKeeperFailure.of("read the cluster's secret", read);
            }
        } catch (Exception e) {
            throw ZooKeeperFailure.of("create the cluster's secret", e);
        }
    }

    /** The header value for asking the member {@code memberId}, at {@code path} and {@code now}, for a session of {@code user}. */
    public String of(String user, String memberId, String path, Instant now) {
        return signature.sign(claim(user, memberId, path), now);
    }

    /** {@code user} as the value of {@link #USER_HEADER}. */
    public static String userHeader(String user) {
        return URLEncoder.encode(user, StandardCharsets.UTF_8);
    }

    /** The user named by a {@link #USER_HEADER} value, or null when there is none or it is not URL-encoded text. */
    public static String userOf(String userHeader) {
        if (userHeader == null) {
            return null;
        }
        try {
            return URLDecoder.decode(userHeader, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * Whether {@code proof} asks this member ({@code memberId}) at {@code path} for a session of
     * {@code user}, was made by a member within the window of {@code now}, and was not used before.
     */
    public TimedSignature.Verdict verify(String proof, String user, String memberId, String path, Instant now) {
        if (user == null) {
            return TimedSignature.Verdict.MALFORMED;
        }
        return signature.verify(proof, claim(user, memberId, path), now);
    }

    private static TimedSignature.Claim claim(String user, String memberId, String path) {
        return new TimedSignature.Claim(PURPOSE, "POST", path, memberId, user, new byte[0]);
    }
}
