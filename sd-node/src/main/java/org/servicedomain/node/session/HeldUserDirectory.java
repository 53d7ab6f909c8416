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
 * What every {@link UserDirectory} does alike, whatever it stores its users in, so that an
 * implementation is only its storage: the users are held in memory as an immutable map that reads
 * take without a lock, passwords are checked against it ({@link PasswordCheck}), and a {@code put}
 * becomes a {@link Change} for the storage to store. The storage publishes a change here once it is
 * stored, so a change nobody could save is never seen.
 */
public abstract class HeldUserDirectory implements UserDirectory {

    private final SecureRandom random = new SecureRandom();
    private final PasswordCheck check = new PasswordCheck(random);
    private volatile Map<String, StoredUser> users;

    protected HeldUserDirectory(Map<String, StoredUser> users) {
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

    @Override
    public final Optional<User> find(String name) {
        return name == null ? Optional.empty() : Optional.ofNullable(users.get(name)).map(StoredUser::user);
    }

    @Override
    public final User authenticate(String name, char[] password) {
        return check.check(name == null ? null : users.get(name), password);
    }

    @Override
    public final List<User> list() {
        return users.values().stream().map(StoredUser::user).toList();
    }

    /** Hashes the password (slowly: before the storage takes any lock), then has the change stored. */
    @Override
    public final void put(User user, char[] password) {
        store(new Change(user, password == null ? null : PasswordHash.of(password, random)));
    }

    /**
     * Stores {@code change} over the user of that name as stored ({@link Change#over}), then
     * {@link #publish}es it; a {@code NodeFault} when it cannot be saved.
     */
    protected abstract void store(Change change);

    /** The users with their hashes, by name, as held now (immutable). */
    protected final Map<String, StoredUser> stored() {
        return users;
    }

    /** Holds {@code user} from now on, in place of any user of that name. */
    protected final synchronized void publish(StoredUser user) {
        Map<String, StoredUser> next = new TreeMap<>(users);
        next.put(user.user().name(), user);
        users = Collections.unmodifiableMap(next);
    }

    /** Holds the user named {@code name} no longer. */
    protected final synchronized void forget(String name) {
        if (users.containsKey(name)) {
            Map<String, StoredUser> next = new TreeMap<>(users);
            next.remove(name);
            users = Collections.unmodifiableMap(next);
        }
    }

    /** The fault for a change its storage could not save, logged with {@code where} (nothing changed). */
    protected static NodeFault unsaved(Logger log, String where, IOException e) {
        log.error("could not save {}; the change was not made", where, e);
        return new NodeFault(FaultCode.InternalError, "the node could not save its users: " + e.getMessage(), e);
    }
}
