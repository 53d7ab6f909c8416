package org.servicedomain.node.session;

import java.util.List;
import java.util.Optional;

/**
 * Where the node finds its users and checks their passwords. Pluggable: the default is
 * {@link FileUserDirectory}; an organisation may put its own directory behind this interface.
 * Implementations are thread-safe and never reveal password hashes.
 */
public interface UserDirectory {

    /**
     * The file, under the data directory, that records that the directory once held an administrator;
     * a node whose users are then gone does not start open to everyone.
     */
    String ADMINISTRATOR_MARKER = ".administrator-existed";

    /** The user named {@code name}, if the directory holds one. */
    Optional<User> find(String name);

    /**
     * The user whose password is {@code password}. Throws a {@code NotAuthorized} NodeFault with
     * the same message for an unknown user as for a wrong password, so that a caller cannot probe
     * for user names. Does not keep or clear {@code password}; the caller owns it.
     */
    User authenticate(String name, char[] password);

    /**
     * Creates or replaces {@code user}. With a null {@code password} an existing user keeps their
     * password; a new user needs one (IllegalArgumentException otherwise).
     */
    void put(User user, char[] password);

    /** Removes the user named {@code name}; false when there was none. */
    boolean remove(String name);

    /** Every user, ordered by name. */
    List<User> list();
}
