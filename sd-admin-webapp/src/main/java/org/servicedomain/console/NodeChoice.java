package org.servicedomain.console;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Which node a page shows: the console's own node, or one below it named by the {@code node}
 * parameter as a path of child names ({@code UBC} or {@code UBC/WFS}). A node below is reached
 * through the console's node, which forwards the calls of its administrators to its registered
 * children ({@code /sd/children/{name}/services/home}; docs/admin-guide.md, Managing the tree), so
 * no second sign-in is needed and every page works unchanged.
 */
public final class NodeChoice {

    /** The request parameter naming the node. */
    public static final String PARAMETER = "node";
    /** The request attribute holding the choice of the current request. */
    public static final String ATTRIBUTE = NodeChoice.class.getName();
    /**
     * The shape of a child's name: the node owns this rule (its {@code HierarchyConfig.NODE_NAME}, which a
     * parent also enforces when it registers a child), so every registered child can be addressed. This is
     * a copy of it, since the console is built against the client driver only; change both together.
     */
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.\\-]{1,64}");
    private static final int MAX_DEPTH = 16;
    static final NodeChoice TOP = new NodeChoice(List.of());

    /** One step of the breadcrumb: a node's name, the parameter that opens it ("" for the top) and its query. */
    public record Crumb(String name, String path) {
        public String getName() { return name; }
        public String getPath() { return path; }
        public String getQuery() { return NodeChoice.of(path).getQuery(); }
    }

    private final List<String> names;

    private NodeChoice(List<String> names) {
        this.names = List.copyOf(names);
    }

    /** The choice named by {@code parameter}; blank is the console's own node. */
    public static NodeChoice of(String parameter) {
        if (parameter == null || parameter.isBlank()) {
            return TOP;
        }
        String[] parts = parameter.strip().split("/", -1);
        if (parts.length > MAX_DEPTH) {
            throw new IllegalArgumentException("A node path has at most " + MAX_DEPTH + " levels.");
        }
        for (String part : parts) {
            if (!NAME.matcher(part).matches() || part.equals(".") || part.equals("..")) {
                throw new IllegalArgumentException("'" + parameter + "' does not name a node below this one: child names "
                        + "separated by '/', each of letters, digits, '_', '.' or '-'.");
            }
        }
        return new NodeChoice(List.of(parts));
    }

    /** The choice of {@code request}, as {@link ConsoleFilter} read it; the top node when there is none. */
    public static NodeChoice of(HttpServletRequest request) {
        return request.getAttribute(ATTRIBUTE) instanceof NodeChoice choice ? choice : TOP;
    }

    public boolean isTop() {
        return names.isEmpty();
    }

    /** The {@code node} parameter's value; empty for the top node. */
    public String getPath() {
        return String.join("/", names);
    }

    /** The choice of the child {@code name} of this node. */
    public NodeChoice child(String name) {
        List<String> below = new ArrayList<>(names);
        below.add(name);
        return new NodeChoice(below);
    }

    /**
     * The base address under which this node's home port answers, given the console's node at
     * {@code top}: {@code top} itself, or {@code top/children/A/children/B} for {@code A/B}.
     */
    public URI base(URI top) {
        StringBuilder base = new StringBuilder(top.toString().replaceAll("/+$", ""));
        for (String name : names) {
            base.append("/children/").append(name);
        }
        return URI.create(base.toString());
    }

    /** {@code ?node=...} to append to a console path, or "" for the top node. */
    public String getQuery() {
        return isTop() ? "" : "?" + PARAMETER + "=" + URLEncoder.encode(getPath(), StandardCharsets.UTF_8);
    }

    /** {@code &node=...} to append to a console path that has a query already, or "". */
    public String getExtraQuery() {
        return isTop() ? "" : "&" + PARAMETER + "=" + URLEncoder.encode(getPath(), StandardCharsets.UTF_8);
    }

    /** The nodes from the top down to this one, each but the top named by its path; the top named {@code topName}. */
    public List<Crumb> crumbs(String topName) {
        List<Crumb> crumbs = new ArrayList<>();
        crumbs.add(new Crumb(topName, ""));
        for (int i = 0; i < names.size(); i++) {
            crumbs.add(new Crumb(names.get(i), String.join("/", names.subList(0, i + 1))));
        }
        return crumbs;
    }

    /** The crumbs with the console's own node shown as "this node". */
    public List<Crumb> getCrumbs() {
        return crumbs("this node");
    }
}
