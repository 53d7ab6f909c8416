package org.servicedomain.node.cluster;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals a secret a member keeps in ZooKeeper but must recover (AES-GCM, {@value #SEALED}-prefixed), under
 * a key derived for one purpose from the members' {@link ClusterCredential}, which ZooKeeper never holds:
 * so neither a reader of ZooKeeper nor of its snapshots and backups learns the secret. Without a
 * credential nothing is sealed (the start warns that the cluster is then open to all).
 */
final class CredentialSeal {

    static final String SEALED = "sealed:";
    private static final String CIPHER = "AES/GCM/NoPadding";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final SecretKeySpec key;
    private final SecureRandom random = new SecureRandom();

    /**
     * @param credential the members' credential, or null for values kept as they are
     * @param purpose what the key seals; keys of different purposes differ
     */
    CredentialSeal(ClusterCredential credential, String purpose) {
        this.key = credential == null ? null : new SecretKeySpec(derive(credential.password(), purpose), "AES");
    }

    /** Whether there is a key, i.e. the members have a credential. */
    boolean sealing() {
        return key != null;
    }

    /** Whether {@code stored} is a sealed value rather than one kept as it is. */
    static boolean isSealed(String stored) {
        return stored.startsWith(SEALED);
    }

    /** {@code value} sealed; as it is without a credential. */
    String seal(String value) {
        if (key == null) {
            return value;
        }
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance(CIPHER);
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            byte[] sealed = cipher.doFinal(value.getBytes(StandardCharsets.UTF_8));
            return SEALED + BASE64URL.encodeToString(ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java has " + CIPHER, e);
        }
    }

    /** The value {@code stored} holds: unsealed, or as it is when not sealed; fails when sealed under another key. */
    String open(String stored) {
        if (!isSealed(stored)) {
            return stored;
        }
        if (key == null) {
            throw new IllegalArgumentException("a sealed value, but this member has no cluster credential to open it");
        }
        try {
            byte[] bytes = Base64.getUrlDecoder().decode(stored.substring(SEALED.length()));
            Cipher cipher = Cipher.getInstance(CIPHER);
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, bytes, 0, NONCE_BYTES));
            return new String(cipher.doFinal(bytes, NONCE_BYTES, bytes.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("a value not sealed under the members' credential", e);
        }
    }

    /** The AES key of {@code purpose}: HMAC-SHA256 of the purpose under the credential's password. */
    private static byte[] derive(String password, String purpose) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(password.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(("servicedomain cluster: " + purpose).getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java has HmacSHA256", e);
        }
    }
}
