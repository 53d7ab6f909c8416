package org.servicedomain.node.session;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * A salted PBKDF2-HMAC-SHA256 hash of a password: what a user directory keeps instead of the
 * password. Checking a password costs the same whether it matches or not.
 *
 * @param iterations PBKDF2 rounds; kept per hash so that raising the default leaves old hashes readable
 * @param salt random bytes, unique per hash
 * @param hash the derived key
 */
public record PasswordHash(int iterations, byte[] salt, byte[] hash) {

    public static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    /** OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256. */
    public static final int DEFAULT_ITERATIONS = 210_000;
    public static final int SALT_BYTES = 16;
    public static final int HASH_BYTES = 32;
    /** Longer passwords are refused, so that hashing stays bounded. */
    public static final int MAX_PASSWORD_LENGTH = 1024;

    public PasswordHash {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be positive but was " + iterations);
        }
        Objects.requireNonNull(salt, "salt");
        Objects.requireNonNull(hash, "hash");
        if (salt.length < SALT_BYTES || hash.length != HASH_BYTES) {
            throw new IllegalArgumentException("a password hash needs at least " + SALT_BYTES
                    + " bytes of salt and " + HASH_BYTES + " bytes of hash");
        }
        salt = salt.clone();
        hash = hash.clone();
    }

    /** Hashes {@code password} with a fresh salt and {@link #DEFAULT_ITERATIONS}. */
    public static PasswordHash of(char[] password, SecureRandom random) {
        if (password == null || password.length == 0) {
            throw new IllegalArgumentException("password must not be empty");
        }
        if (password.length > MAX_PASSWORD_LENGTH) {
            throw new IllegalArgumentException("password must be at most " + MAX_PASSWORD_LENGTH + " characters");
        }
        byte[] salt = new byte[SALT_BYTES];
        random.nextBytes(salt);
        return new PasswordHash(DEFAULT_ITERATIONS, salt, derive(password, salt, DEFAULT_ITERATIONS));
    }

    /** A hash no password matches, to spend the same time on an unknown user as on a known one. */
    static PasswordHash unmatchable(SecureRandom random) {
        byte[] salt = new byte[SALT_BYTES];
        byte[] hash = new byte[HASH_BYTES];
        random.nextBytes(salt);
        random.nextBytes(hash);
        return new PasswordHash(DEFAULT_ITERATIONS, salt, hash);
    }

    /** Whether {@code password} is the one hashed, compared in constant time. */
    public boolean matches(char[] password) {
        if (password == null || password.length == 0 || password.length > MAX_PASSWORD_LENGTH) {
            return false;
        }
        return MessageDigest.isEqual(hash, derive(password, salt, iterations));
    }

    @Override
    public byte[] salt() {
        return salt.clone();
    }

    @Override
    public byte[] hash() {
        return hash.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PasswordHash h && h.iterations == iterations
                && Arrays.equals(h.salt, salt) && Arrays.equals(h.hash, hash);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * iterations + Arrays.hashCode(salt)) + Arrays.hashCode(hash);
    }

    /** Never shows the salt or hash, so that a log line cannot leak them. */
    @Override
    public String toString() {
        return "PasswordHash[" + ALGORITHM + ", " + iterations + " iterations]";
    }

    private static byte[] derive(char[] password, byte[] salt, int iterations) {
        PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, HASH_BYTES * 8);
        try {
            return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is missing from this Java runtime", e);
        } finally {
            spec.clearPassword();
        }
    }
}
