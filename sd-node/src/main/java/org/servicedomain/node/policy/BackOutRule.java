package org.servicedomain.node.policy;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.servicedomain.node.xml.XmlText;

/**
 * The back-out recovery action: when every attempt of a request failed, call {@code operation} of
 * virtual port {@code virtualPort} with {@code payload}, in which {@code ${name}} stands for a
 * value read from the failed request (by {@code values}) or a built-in value.
 *
 * @param onOperations the failed operations that run it; empty means every operation
 * @param values the paths of the failed request's values, by placeholder name, in the order given
 * @param payload the operation element sent, with placeholders
 */
public record BackOutRule(String virtualPort, String operation, Set<String> onOperations,
        Map<String, ContentPath> values, String payload) {

    /** Names every back-out fills in by itself. */
    public static final Set<String> BUILT_IN = Set.of("operation", "virtualPort", "faultCode");

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_.\\-]*)}");

    public BackOutRule {
        Objects.requireNonNull(virtualPort, "virtualPort");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(payload, "payload");
        onOperations = Set.copyOf(onOperations);
        values = Map.copyOf(values);
    }

    /** Whether a failure of {@code failedOperation} runs this back-out. */
    public boolean appliesTo(String failedOperation) {
        return onOperations.isEmpty() || onOperations.contains(failedOperation);
    }

    /** The placeholder names the payload uses. */
    public Set<String> placeholders() {
        Set<String> names = new java.util.HashSet<>();
        Matcher m = PLACEHOLDER.matcher(payload);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** The payload with each placeholder replaced by its value, escaped as XML text; a missing value is empty. */
    public String fill(Map<String, String> filled) {
        Matcher m = PLACEHOLDER.matcher(payload);
        StringBuilder out = new StringBuilder(payload.length() + 64);
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(XmlText.escape(filled.getOrDefault(m.group(1), ""))));
        }
        m.appendTail(out);
        return out.toString();
    }

}
