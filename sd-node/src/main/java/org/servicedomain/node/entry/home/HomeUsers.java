package org.servicedomain.node.entry.home;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.servicedomain.home.v1.GetUsersResponse;
import org.servicedomain.home.v1.Login;
import org.servicedomain.home.v1.LoginResponse;
import org.servicedomain.home.v1.Logout;
import org.servicedomain.home.v1.LogoutResponse;
import org.servicedomain.home.v1.RemoveUser;
import org.servicedomain.home.v1.RemoveUserResponse;
import org.servicedomain.home.v1.SetUser;
import org.servicedomain.home.v1.SetUserResponse;
import org.servicedomain.home.v1.UserInfo;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.session.FixedChoices;
import org.servicedomain.node.session.Logins;
import org.servicedomain.node.session.Session;
import org.servicedomain.node.session.SessionRegistry;
import org.servicedomain.node.session.User;
import org.servicedomain.node.session.UserDirectory;

/**
 * The home port's user and session operations: login, logout and the user directory. Passwords
 * are held as char arrays and wiped once used; no answer ever carries a password or its hash.
 */
final class HomeUsers {

    private final Logins logins;
    private final UserDirectory users;
    private final SessionRegistry sessions;
    private final FixedChoices fixedChoices;

    HomeUsers(Logins logins, UserDirectory users, SessionRegistry sessions, FixedChoices fixedChoices) {
        this.logins = logins;
        this.users = users;
        this.sessions = sessions;
        this.fixedChoices = fixedChoices;
    }

    /** Logs in; {@code source} is the caller's address, which failed logins are also counted against. */
    LoginResponse login(Login request, String source) {
        char[] password = password(request.getPassword());
        try {
            Session session = logins.login(request.getUser(), password, source);
            LoginResponse response = new LoginResponse();
            response.setSessionId(session.id());
            response.setUserLevel(session.userLevel());
            users.find(session.caller().user()).ifPresent(u -> response.getRole().addAll(u.sortedRoles()));
            return response;
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    LogoutResponse logout(Logout request) {
        if (!sessions.logout(request.getSessionId())) {
            throw new NodeFault(FaultCode.NotAuthorized, "unknown or expired session");
        }
        return new LogoutResponse();
    }

    /**
     * Creates or replaces a user. A new password ends the user's open sessions; otherwise they
     * continue with the user's new level and designated providers.
     */
    SetUserResponse setUser(SetUser request) {
        User user = new User(HomeArguments.required(request.getUser(), "user"),
                HomeArguments.required(request.getUserLevel(), "userLevel"),
                request.getDesignated().stream().map(d -> HomeArguments.required(d, "designated")).toList(),
                request.getRole().stream().map(r -> HomeArguments.required(r, "role")).collect(Collectors.toSet()));
        if (!user.roles().contains(HomeAccess.ADMINISTRATOR)) {
            requireAnotherAdministrator(user.name(), "taking the administrator role from");
        }
        char[] password = request.getPassword() == null ? null : password(request.getPassword());
        try {
            users.put(user, password);
        } finally {
            if (password != null) {
                Arrays.fill(password, '\0');
            }
        }
        if (password != null) {
            sessions.endSessionsOf(user.name());
        } else {
            sessions.refresh(user);
        }
        return new SetUserResponse();
    }

    /** Removes a user, ends their open sessions and forgets their fixed instances. */
    RemoveUserResponse removeUser(RemoveUser request) {
        String name = HomeArguments.required(request.getUser(), "user");
        requireAnotherAdministrator(name, "removing");
        RemoveUserResponse response = new RemoveUserResponse();
        response.setRemoved(users.remove(name));
        sessions.endSessionsOf(name);
        fixedChoices.forgetUser(name);
        return response;
    }

    /** Every user with their level, designated providers and roles; never a password or its hash. */
    GetUsersResponse getUsers() {
        GetUsersResponse response = new GetUsersResponse();
        for (User user : users.list()) {
            UserInfo info = new UserInfo();
            info.setName(user.name());
            info.setUserLevel(user.userLevel());
            info.getDesignated().addAll(user.designated());
            info.getRole().addAll(user.sortedRoles());
            response.getUser().add(info);
        }
        return response;
    }

    /**
     * Refuses a change that takes the administrator role away from {@code name} when it is the last
     * administrator: a node without one would fall open to everyone (docs/home-port.md).
     */
    private void requireAnotherAdministrator(String name, String change) {
        List<User> administrators = users.list().stream()
                .filter(u -> u.roles().contains(HomeAccess.ADMINISTRATOR)).toList();
        if (administrators.size() == 1 && administrators.get(0).name().equals(name)) {
            throw new NodeFault(FaultCode.LastAdministrator, name + " is the node's last administrator; "
                    + change + " it would open the home port to everyone. Give another user the administrator role first");
        }
    }

    private static char[] password(String password) {
        return password == null ? new char[0] : password.toCharArray();
    }
}
