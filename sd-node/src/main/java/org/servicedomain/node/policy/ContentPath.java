package org.servicedomain.node.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;

/**
 * Where a content condition finds its value: the subset of XPath the node evaluates while
 * streaming, without a DOM — child steps from the operation element ({@code q:order/q:amount}),
 * or one descendant step ({@code //q:database}), with prefixes declared in the policy.
 *
 * @param descendant whether the single step may match at any depth below the operation element
 */
public record ContentPath(String source, List<QName> steps, boolean descendant) {

    public ContentPath {
        steps = List.copyOf(steps);
    }

    /** Parses {@code expression}; fails with a message saying what is not supported. */
    public static ContentPath parse(String expression, Map<String, String> namespaces) {
        String text = expression.trim();
        boolean descendant = text.startsWith("//");
        String body = descendant ? text.substring(2) : text;
        if (body.startsWith("/")) {
            throw new IllegalArgumentException("'" + expression + "': paths are relative to the operation element");
        }
        if (body.isEmpty()) {
            throw new IllegalArgumentException("'" + expression + "' names no element");
        }
        List<QName> steps = new ArrayList<>();
        for (String step : body.split("/", -1)) {
            steps.add(step(expression, step, namespaces));
        }
        if (descendant && steps.size() != 1) {
            throw new IllegalArgumentException("'" + expression + "': a // path may have only one step");
        }
        return new ContentPath(expression, steps, descendant);
    }

    private static QName step(String expression, String step, Map<String, String> namespaces) {
        if (!step.matches("([A-Za-z_][\\w.\\-]*:)?[A-Za-z_][\\w.\\-]*")) {
            throw new IllegalArgumentException("'" + expression + "': step '" + step
                    + "' is not an element name (only child steps of [prefix:]name are supported)");
        }
        int colon = step.indexOf(':');
        if (colon < 0) {
            return new QName("", step);
        }
        String prefix = step.substring(0, colon);
        String uri = namespaces.get(prefix);
        if (uri == null) {
            throw new IllegalArgumentException("'" + expression + "': prefix '" + prefix + "' is not declared");
        }
        return new QName(uri, step.substring(colon + 1));
    }
}
