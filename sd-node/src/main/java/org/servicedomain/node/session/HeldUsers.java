package org.servicedomain.node.session;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.slf4j.Logger;

/**
 * What every {@link UserDirectory} does alike, whatever it stores its users in: it holds them in
 * memory as an immutable map that reads take without a lock, checks passwords against it, and turns a
 * {@code put} into the user to store. The directory's storage publishes a change here once it is
 * stored, so a change nobody could save is never seen.
 */
public final class HeldUsers {

    private final SecureRandom random = new SecureRandom();
    private final PasswordCheck check = new PasswordCheck(random);
    private volatile Map<String, StoredUser> users;

    public HeldUsers(Map<String, StoredUser> users) {
        this.users = Collections.unmodifiableMap(new TreeMap<>(users));
    }

    /**
     * A {@link UserDirectory#put}: the user, and the hash of their new password or null to keep the
     * one stored.
     */
    public record Change(User user, PasswordHash password) {

        /** The user to store where {@code existing} is stored now (null: nobody); a new user without a password is refused. */
        public StoredUser over(StoredUser existing) {
            if (password == null && existing == null) {
                throw new IllegalArgumentException("a new user needs a password: " + user.name());
            }
            return new StoredUser(user, password == null ? existing.password() : password);
        }

        /** Logs the change, once stored over {@code existing}. */
        public void log(Logger log, StoredUser existing) {
            log.info("{} user {} at level {}{}", existing == null ? "added" : "changed", user.name(), user.userLevel(),
                    password == null ? "" : " with a new password");
        }
    }

    /** The change {@code put(user, password)} asks for, its password hashed (slowly: before any lock is taken). */
    public Change change(User user, char[] password) {
        return new Change(user, password == null ? null : PasswordHash.of(password, random));
    }

    /** The fault for a change its storage could not save, logged with {@code where} (nothing changed). */
    public static NodeFault unsaved(Logger log, String where, IOException e) {
        log.error("could not save {}; the change was not made", where, e);
        return new NodeFault(FaultCode.InternalError, "the node could not save its users: " + e.getMessage(), e);
    }

    public Optional<User> find(String name) {
        return name == null ? Optional.empty() : Optional.ofNullable(users.get(name)).map(StoredUser::user);
    }

    public User authenticate(String name, char[] password) {
        return check.check(name == null ? null : users.get(name), password);
    }

    /** Every user, ordered by name. */
    public List<User> list() {
        return users.values().stream().map(StoredUser::user).toList();
    }

    /** The users with their hashes, by name, as held now (immutable). */
    public Map<String, StoredUser> stored() {
        return users;
    }

    /** Holds {@code user} from now on, in place of any user of that name. */
    public synchronized void publish(StoredUser user) {
        Map<String, StoredUser> next = new TreeMap<>(users);
        next.put(user.user().name(), user);
        users = Collections.unmodifiableMap(next);
    }

    /** Holds the user named {@code name} no longer. */
    public synchronized void forget(String name) {
        if (users.containsKey(name)) {
            Map<String, StoredUser> next = new TreeMap<>(users);
            next.remove(name);
            users = Collections.unmodifiableMap(next);
        }
    }
}
