package org.servicedomain.node.session;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.servicedomain.node.core.Caller;

/**
 * A user the node knows, without any trace of a password: what {@link UserDirectory#list()} and
 * the home port's {@code getUsers} may show. Names, the level, designated providers and roles are
 * validated here so that every directory holds only well-formed users.
 *
 * @param userLevel the user service level that decides packages, service maps and rules
 * @param designated the providers designated for the user, held across sessions; empty when none
 * @param roles what the user may do on the console, e.g. {@code administrator}, {@code provider}, {@code user}
 */
public record User(String name, String userLevel, List<String> designated, Set<String> roles) {

    /** The longest name, level, provider or role, in characters (code points). */
    public static final int MAX_NAME_LENGTH = 64;
    /**
     * How a node names a parent's administrator whose call the parent forwarded ({@code parent:alice});
     * no user of the node's own has a name starting so, lest it own what that administrator registered.
     */
    public static final String PARENT_PREFIX = "parent:";

    public User {
        requireName("user name", name);
        if (name.regionMatches(true, 0, PARENT_PREFIX, 0, PARENT_PREFIX.length())) {
            throw new IllegalArgumentException("user name must not begin with '" + PARENT_PREFIX + "', which names a parent"
                    + " node's administrators on this node, but was '" + name + "'");
        }
        requireName("user level", userLevel);
        Objects.requireNonNull(designated, "designated");
        Objects.requireNonNull(roles, "roles");
        designated.forEach(d -> requireName("designated provider", d));
        roles.forEach(r -> requireName("role", r));
        designated = List.copyOf(designated);
        roles = Set.copyOf(roles);
    }

    /** The user behind the session {@code sessionId}. */
    public Caller caller(String sessionId) {
        return new Caller(sessionId, name, userLevel, designated);
    }

    /** The roles in alphabetical order, for stable files and answers. */
    public List<String> sortedRoles() {
        return List.copyOf(new TreeSet<>(roles));
    }

    /**
     * Refuses {@code value} unless it is 1 to {@value #MAX_NAME_LENGTH} characters, without control
     * characters or surrounding blanks.
     */
    static void requireName(String what, String value) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException(what + " is required");
        }
        int length = value.codePointCount(0, value.length());
        if (length > MAX_NAME_LENGTH) {
            throw new IllegalArgumentException(what + " must be at most " + MAX_NAME_LENGTH
                    + " characters but was " + length);
        }
        if (value.codePoints().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException(what + " must not contain control characters");
        }
        if (!value.strip().equals(value)) {
            throw new IllegalArgumentException(what + " must not begin or end with blanks: '" + value + "'");
        }
    }
}
