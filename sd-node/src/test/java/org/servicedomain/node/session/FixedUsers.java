package org.servicedomain.node.session;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/** An in-memory user directory with clear passwords, so that session tests skip the cost of PBKDF2. */
final class FixedUsers implements UserDirectory {

    private final Map<String, User> users = new ConcurrentHashMap<>();
    private final Map<String, char[]> passwords = new ConcurrentHashMap<>();

    FixedUsers with(User user, String password) {
        put(user, password.toCharArray());
        return this;
    }

    @Override
    public Optional<User> find(String name) {
        return Optional.ofNullable(users.get(name));
    }

    @Override
    public User authenticate(String name, char[] password) {
        if (name == null || !users.containsKey(name) || !Arrays.equals(passwords.get(name), password)) {
            throw new NodeFault(FaultCode.NotAuthorized, "wrong user name or password");
        }
        return users.get(name);
    }

    @Override
    public void put(User user, char[] password) {
        users.put(user.name(), user);
        if (password != null) {
            passwords.put(user.name(), password.clone());
        }
    }

    @Override
    public boolean remove(String name) {
        passwords.remove(name);
        return users.remove(name) != null;
    }

    @Override
    public List<User> list() {
        return users.values().stream().sorted((a, b) -> a.name().compareTo(b.name())).toList();
    }
}
