package org.servicedomain.node.session;

import java.io.IOException;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * A user with their password hash, as a user directory keeps it, and the record it is written as
 * (JSON through Jackson), shared by the file directory ({@code users.json}) and a cluster's
 * ({@code /users/NAME}) so that both hold users the same way.
 */
public record StoredUser(User user, PasswordHash password) {

    public StoredUser {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
    }

    /** The password hash as written: algorithm, rounds, and salt and hash in base64. */
    public record PasswordRecord(String algorithm, int iterations, String salt, String hash) {
    }

    /** A user as written. */
    public record UserRecord(String name, String userLevel, List<String> designated, List<String> roles,
            PasswordRecord password) {
    }

    /** This user as written. */
    public UserRecord record() {
        Base64.Encoder base64 = Base64.getEncoder();
        return new UserRecord(user.name(), user.userLevel(), user.designated(), user.sortedRoles(),
                new PasswordRecord(PasswordHash.ALGORITHM, password.iterations(),
                        base64.encodeToString(password.salt()), base64.encodeToString(password.hash())));
    }

    /** The user {@code r} holds; an IOException naming {@code where} when it is malformed. */
    public static StoredUser of(UserRecord r, String where) throws IOException {
        PasswordRecord p = r.password();
        if (p == null || !PasswordHash.ALGORITHM.equals(p.algorithm())) {
            throw new IOException(where + ": user " + r.name() + " has no " + PasswordHash.ALGORITHM + " password");
        }
        try {
            Base64.Decoder base64 = Base64.getDecoder();
            User user = new User(r.name(), r.userLevel(), orEmpty(r.designated()), new LinkedHashSet<>(orEmpty(r.roles())));
            return new StoredUser(user, new PasswordHash(p.iterations(), base64.decode(p.salt()), base64.decode(p.hash())));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IOException(where + ": user " + r.name() + " is malformed: " + e.getMessage(), e);
        }
    }

    private static List<String> orEmpty(List<String> list) {
        return list == null ? List.of() : list;
    }

    /** Never shows the hash. */
    @Override
    public String toString() {
        return "StoredUser[" + user + "]";
    }
}
