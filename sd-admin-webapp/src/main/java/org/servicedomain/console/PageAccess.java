package org.servicedomain.console;

import java.util.Map;

/** Which roles may open which page; the one place the console's page permissions are written. */
final class PageAccess {

    /** What a page needs. */
    enum Need { SIGNED_IN, PROVIDER, ADMINISTRATOR }

    private static final Map<String, Need> PAGES = Map.of(
            "/dashboard", Need.ADMINISTRATOR,
            "/policy", Need.ADMINISTRATOR,
            "/contracts", Need.ADMINISTRATOR,
            "/topology", Need.ADMINISTRATOR,
            "/domain", Need.ADMINISTRATOR,
            "/bills", Need.ADMINISTRATOR,
            "/instances", Need.PROVIDER);

    private PageAccess() {
    }

    /** What the page at {@code path} (below the context, e.g. {@code /dashboard/fragment}) needs. */
    static Need need(String path) {
        for (Map.Entry<String, Need> page : PAGES.entrySet()) {
            if (path.equals(page.getKey()) || path.startsWith(page.getKey() + "/")) {
                return page.getValue();
            }
        }
        return Need.SIGNED_IN;
    }

    /** What the page at {@code path} needs when it shows {@code node}: a node below this one is for administrators only. */
    static Need need(String path, NodeChoice node) {
        return node.isTop() ? need(path) : Need.ADMINISTRATOR;
    }

    static boolean allows(ConsoleUser user, String path) {
        return allows(user, path, NodeChoice.TOP);
    }

    static boolean allows(ConsoleUser user, String path, NodeChoice node) {
        return switch (need(path, node)) {
            case ADMINISTRATOR -> user.isAdministrator();
            case PROVIDER -> user.isAdministrator() || user.isProvider();
            case SIGNED_IN -> true;
        };
    }
}
