package org.servicedomain.node.cluster;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * How session ids, the bearers' credentials, are kept in ZooKeeper: a session's znode is named by the
 * SHA-256 of its id, so listing the sessions yields no id, and the id inside the znode is sealed
 * ({@link CredentialSeal}) under the members' credential, so neither a reader of ZooKeeper nor of its
 * snapshots can present a session. Without a credential the id inside is kept as it is.
 */
final class SessionIds {

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final CredentialSeal seal;

    /** @param credential the members' credential, or null for ids kept as they are */
    SessionIds(ClusterCredential credential) {
        this.seal = new CredentialSeal(credential, "session ids");
    }

    /** The name of the znode of the session {@code id}: its SHA-256, URL-safe Base64 without padding. */
    static String znodeName(String id) {
        try {
            return BASE64URL.encodeToString(MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** {@code id} as its znode holds it. */
    String seal(String id) {
        return seal.seal(id);
    }

    /**
     * The id a znode named {@code znodeName} holds as {@code stored}; fails when it was not sealed under this
     * cluster's credential or does not belong to that name, so that an entry cannot stand for another session.
     */
    String open(String znodeName, String stored) {
        if (seal.sealing() && !CredentialSeal.isSealed(stored)) {
            throw new IllegalArgumentException("the session entry's id is not sealed under the members' credential");
        }
        String id = seal.open(stored);
        if (!znodeName(id).equals(znodeName)) {
            throw new IllegalArgumentException("the session entry's id does not belong to its znode's name");
        }
        return id;
    }
}
