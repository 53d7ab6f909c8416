package org.servicedomain.node.cluster;

import java.io.IOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;

/**
 * Proves to a member that a call asking it to open a session comes from another member of the same
 * cluster: the header {@value #HEADER} holds the time and an HMAC-SHA256 of the time and the user
 * under the cluster's secret, a random key the first member writes to {@value #SECRET} and every
 * member reads at start. With the members' credential ({@link ClusterCredential}) only they can read
 * it; whoever could read the cluster's ZooKeeper could also change its users, so the secret asks no
 * more trust than that; it is never sent.
 */
public final class MemberProof {

    public static final String HEADER = "X-SD-Member-Proof";
    /**
     * The user a proof asks a session for, URL-encoded, sent beside the proof so the member checks the
     * proof from the request's head before it reads any body.
     */
    public static final String USER_HEADER = "X-SD-Member-User";
    static final String SECRET = "/secret";
    static final Duration MAX_SKEW = Duration.ofMinutes(1);
    private static final String HMAC = "HmacSHA256";

    private final byte[] secret;

    private MemberProof(byte[] secret) {
        this.secret = secret;
    }

    /** The cluster's secret, created by the first member that finds none. */
    static MemberProof load(CuratorFramework client) throws IOException {
        byte[] fresh = new byte[32];
        new SecureRandom().nextBytes(fresh);
        try {
            client.create().creatingParentsIfNeeded().forPath(SECRET, fresh);
            return new MemberProof(fresh);
        } catch (KeeperException.NodeExistsException e) {
            try {
                return new MemberProof(client.getData().forPath(SECRET));
            } catch (Exception read) {
                throw ZooKeeperFailure.of("read the cluster's secret", read);
            }
        } catch (Exception e) {
            throw ZooKeeperFailure.of("create the cluster's secret", e);
        }
    }

    /** The header value for asking, at {@code now}, for a session of {@code user}. */
    public String of(String user, Instant now) {
        long millis = now.toEpochMilli();
        return millis + ":" + hmac(millis, user);
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

    /** Whether {@code proof} asks for a session of {@code user} and was made by a member within {@link #MAX_SKEW} of {@code now}. */
    public boolean verifies(String proof, String user, Instant now) {
        if (proof == null || user == null) {
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
        return MessageDigest.isEqual(hmac(millis, user).getBytes(StandardCharsets.US_ASCII),
                proof.substring(colon + 1).getBytes(StandardCharsets.US_ASCII));
    }

    private String hmac(long millis, String user) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(secret, HMAC));
            return Base64.getEncoder().encodeToString(mac.doFinal(("session:" + millis + ":" + user).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("the JDK cannot compute " + HMAC, e);
        }
    }
}
