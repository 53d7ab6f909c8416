package org.servicedomain.node.cluster;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * How session ids, the bearers' credentials, are kept in ZooKeeper: a session's znode is named by the
 * SHA-256 of its id, so listing the sessions yields no id, and the id inside the znode is sealed
 * (AES-GCM) under a key derived from the members' {@link ClusterCredential}, which ZooKeeper never holds,
 * so neither a reader of ZooKeeper nor of its snapshots and backups can present a session. Without a
 * credential the id is kept as it is (the start warns that the cluster is then open to all).
 */
final class SessionIds {

    private static final String SEALED = "sealed:";
    private static final String CIPHER = "AES/GCM/NoPadding";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final SecretKeySpec key;
    private final SecureRandom random = new SecureRandom();

    /** @param credential the members' credential, or null for ids kept as they are */
    SessionIds(ClusterCredential credential) {
        this.key = credential == null ? null : new SecretKeySpec(derive(credential.password()), "AES");
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
        if (key == null) {
            return id;
        }
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance(CIPHER);
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            byte[] sealed = cipher.doFinal(id.getBytes(StandardCharsets.UTF_8));
            return SEALED + BASE64URL.encodeToString(ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java has " + CIPHER, e);
        }
    }

    /**
     * The id a znode named {@code znodeName} holds as {@code stored}; fails when it was not sealed under this
     * cluster's credential or does not belong to that name, so that an entry cannot stand for another session.
     */
    String open(String znodeName, String stored) {
        String id = key == null || !stored.startsWith(SEALED) ? stored : unseal(stored.substring(SEALED.length()));
        if (key != null && id.equals(stored)) {
            throw new IllegalArgumentException("the session entry's id is not sealed under the members' credential");
        }
        if (!znodeName(id).equals(znodeName)) {
            throw new IllegalArgumentException("the session entry's id does not belong to its znode's name");
        }
        return id;
    }

    private String unseal(String sealed) {
        try {
            byte[] bytes = Base64.getUrlDecoder().decode(sealed);
            Cipher cipher = Cipher.getInstance(CIPHER);
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, bytes, 0, NONCE_BYTES));
            return new String(cipher.doFinal(bytes, NONCE_BYTES, bytes.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("the session entry's id was not sealed under the members' credential", e);
        }
    }

    /** The AES key of the session ids: HMAC-SHA256 of their purpose under the credential's password. */
    private static byte[] derive(String password) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(password.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal("servicedomain cluster: session ids".getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java has HmacSHA256", e);
        }
    }
}
