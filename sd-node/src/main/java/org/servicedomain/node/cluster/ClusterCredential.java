package org.servicedomain.node.cluster;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The ZooKeeper digest credential the members of a cluster share ({@code --cluster-auth USER:PASSWORD},
 * docs/cluster.md): each member's session authenticates with it, and every znode a member creates is
 * readable and writable by that credential alone, so a client that merely reaches ZooKeeper sees nothing.
 *
 * @param user the digest user: letters, digits, {@code .}, {@code _} and {@code -}
 * @param password the digest password, at least {@value #MIN_PASSWORD} characters
 */
public record ClusterCredential(String user, String password) {

    static final int MIN_PASSWORD = 16;
    private static final Pattern USER = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    public ClusterCredential {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        if (!USER.matcher(user).matches()) {
            throw new IllegalArgumentException("the cluster credential's user must be 1 to 64 letters, digits, '.', '_' or '-'");
        }
        if (password.length() < MIN_PASSWORD) {
            throw new IllegalArgumentException("the cluster credential's password must have at least " + MIN_PASSWORD
                    + " characters");
        }
    }

    /** The credential written {@code USER:PASSWORD}, as ZooKeeper's {@code addauth digest} takes it; its value is never echoed. */
    public static ClusterCredential parse(String userColonPassword) {
        String value = userColonPassword == null ? "" : userColonPassword.strip();
        int colon = value.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("the cluster credential must be USER:PASSWORD (its value is not shown)");
        }
        return new ClusterCredential(value.substring(0, colon), value.substring(colon + 1));
    }

    /** What Curator's {@code authorization("digest", …)} takes. */
    byte[] digestAuth() {
        return (user + ":" + password).getBytes(StandardCharsets.UTF_8);
    }

    /** The user only: the password never reaches a log or an error message. */
    @Override
    public String toString() {
        return "ClusterCredential[user=" + user + ", password=(not shown)]";
    }
}
