package org.servicedomain.node.policy;

import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * A condition on one value of the request payload: equal to a string, one of several, or
 * matching a regular expression. The value travels in the request context under {@code name}.
 */
public record ContentCondition(String name, ContentPath path, String equalTo, Set<String> oneOf, Pattern matches) {

    public ContentCondition {
        oneOf = oneOf == null ? null : Set.copyOf(oneOf);
    }

    /** Whether the value extracted for this condition (absent: null) satisfies it. */
    public boolean holdsFor(Map<String, String> contentValues) {
        String value = contentValues.get(name);
        if (value == null) {
            return false;
        }
        if (equalTo != null && !equalTo.equals(value)) {
            return false;
        }
        if (oneOf != null && !oneOf.contains(value)) {
            return false;
        }
        return matches == null || matches.matcher(value).matches();
    }

    /**
     * Whether this condition cannot hold for a payload in which {@code mayHoldText} rules texts out:
     * its value must equal, or be one of, texts that are not there.
     */
    boolean cannotHold(Predicate<String> mayHoldText) {
        if (equalTo != null && !mayHoldText.test(equalTo)) {
            return true;
        }
        return oneOf != null && oneOf.stream().noneMatch(mayHoldText);
    }
}
