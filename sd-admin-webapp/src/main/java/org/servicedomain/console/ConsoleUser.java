package org.servicedomain.console;

import java.io.Serializable;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;

/**
 * The signed-in user of one browser session: the node's session id for the home port, the user's
 * level and roles, and the CSRF token every state-changing form must send back.
 */
public final class ConsoleUser implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final SecureRandom RANDOM = new SecureRandom();

    public static final String ADMINISTRATOR = "administrator";
    public static final String PROVIDER = "provider";
    /** The session attribute that holds the signed-in user. */
    public static final String ATTRIBUTE = "consoleUser";

    private final String name;
    private final String userLevel;
    private final List<String> roles;
    private final String nodeSessionId;
    private final String csrfToken;

    public ConsoleUser(String name, String userLevel, List<String> roles, String nodeSessionId) {
        this.name = name;
        this.userLevel = userLevel;
        this.roles = List.copyOf(roles);
        this.nodeSessionId = nodeSessionId;
        this.csrfToken = newToken();
    }

    /** 32 random bytes, URL-safe: the per-session CSRF token. */
    public static String newToken() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    public String getName() {
        return name;
    }

    public String getUserLevel() {
        return userLevel;
    }

    public List<String> getRoles() {
        return roles;
    }

    public String getRolesText() {
        return roles.isEmpty() ? "no role" : String.join(", ", roles);
    }

    public String getNodeSessionId() {
        return nodeSessionId;
    }

    public String getCsrfToken() {
        return csrfToken;
    }

    public boolean isAdministrator() {
        return roles.contains(ADMINISTRATOR);
    }

    /** A provider that is not also an administrator sees only its own instances. */
    public boolean isProvider() {
        return roles.contains(PROVIDER);
    }

    /** The page a user lands on after signing in. */
    public String getStartPage() {
        if (isAdministrator()) {
            return "/dashboard";
        }
        return isProvider() ? "/instances" : "/services";
    }
}
