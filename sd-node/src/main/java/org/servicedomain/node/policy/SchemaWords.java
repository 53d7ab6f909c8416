package org.servicedomain.node.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The XML Schema validator's and the XML parser's messages about a policy document in the policy
 * language's words: which element of {@value #NS}, which attribute, the value found and what is
 * allowed or expected instead. A message it does not know passes through without its {@code cvc-}
 * key; the raw text is for the log only.
 */
final class SchemaWords {

    static final String NS = "urn:sd:policy:1";

    /**
     * Where the validator stood when it complained.
     *
     * @param namespace the current element's namespace ("" for none)
     * @param element the current element's local name, null before the root
     * @param parent the local name of the element around it, null at the root
     * @param attributes the current element's attributes by local name, in document order
     */
    record Position(String namespace, String element, String parent, Map<String, String> attributes) {
    }

    private record Rule(Pattern pattern, Function<Matcher, String> words) {
    }

    private static final Pattern QUALIFIED = Pattern.compile("\\{?\"([^\"]*)\":([^,}\\s]+)\\}?");

    private final Position at;
    private final List<Rule> rules = new ArrayList<>();

    private SchemaWords(Position at) {
        this.at = at;
        rule("cvc-elt\\.1\\.a: Cannot find the declaration of element '(.+)'\\.", m ->
                "the root element is <" + at.element() + "> in " + namespace(at.namespace()) + "; a policy is <policy xmlns=\""
                        + NS + "\">");
        rule("cvc-complex-type\\.2\\.4\\.a: Invalid content was found starting with element '(.+)'\\. One of '(.+)' is expected\\.", m ->
                element(m.group(1)) + " is not allowed here inside <" + at.parent() + ">; expected " + oneOf(m.group(2)));
        rule("cvc-complex-type\\.2\\.4\\.b: The content of element '(.+)' is not complete\\. One of '(.+)' is expected\\.", m ->
                "<" + local(m.group(1)) + "> is incomplete: it needs " + oneOf(m.group(2)));
        rule("cvc-complex-type\\.2\\.4\\.d: Invalid content was found starting with element '(.+)'\\. No child element(?: '.+')? is expected at this point\\.", m ->
                element(m.group(1)) + " is not allowed here: <" + at.parent() + "> takes no further element at this point");
        rule("cvc-complex-type\\.2\\.4\\.c: The matching wildcard is strict, but no declaration can be found for element '(.+)'\\.", m ->
                element(m.group(1)) + " is not an element of " + NS);
        rule("cvc-complex-type\\.3\\.2\\.2: Attribute '(.+)' is not allowed to appear in element '(.+)'\\.", m ->
                "<" + local(m.group(2)) + "> has no attribute " + m.group(1));
        rule("cvc-complex-type\\.4: Attribute '(.+)' must appear on element '(.+)'\\.", m ->
                "<" + local(m.group(2)) + "> needs the attribute " + m.group(1));
        rule("cvc-complex-type\\.2\\.1: Element '(.+)' must have no character or element information item \\[children\\].*", m ->
                "<" + local(m.group(1)) + "> must be empty");
        rule("cvc-complex-type\\.2\\.3: Element '(.+)' cannot have character \\[children\\].*", m ->
                "<" + local(m.group(1)) + "> holds elements only, not text");
        rule("cvc-enumeration-valid: Value '(.*)' is not facet-valid with respect to enumeration '\\[(.*)\\]'\\..*", m ->
                holder(m.group(1)) + " is '" + m.group(1) + "'; allowed values: " + m.group(2));
        rule("cvc-datatype-valid\\.1\\.2\\.1: '(.*)' is not a valid value for '(.+)'\\.", m ->
                holder(m.group(1)) + " is '" + m.group(1) + "', which is not " + article(m.group(2)));
        rule("cvc-(min|max)(Inclusive|Exclusive)-valid: Value '(.*)' is not facet-valid with respect to \\w+ '(.+)' for type '.+'\\.", m ->
                holder(m.group(3)) + " is '" + m.group(3) + "'; it must be " + bound(m.group(1), m.group(2)) + " " + m.group(4));
        rule("cvc-pattern-valid: Value '(.*)' is not facet-valid with respect to pattern '(.+)' for type '.+'\\.", m ->
                holder(m.group(1)) + " is '" + m.group(1) + "', which does not have the form " + m.group(2));
        rule("cvc-minLength-valid: Value '(.*)' with length = '.+' is not facet-valid with respect to minLength '(.+)' for type '.+'\\.", m ->
                holder(m.group(1)) + " is '" + m.group(1) + "'; it needs at least " + m.group(2) + " characters");
        rule("cvc-identity-constraint\\.4\\.[12](?:\\.\\d)?: Duplicate (?:unique|key) value \\[(.+)\\] declared for identity constraint \"?(.+?)\"? of element \"?(.+?)\"?\\.", m ->
                "'" + m.group(1) + "' is named twice inside <" + local(m.group(3)) + ">; each must be named once");
    }

    /** {@code raw} in the policy language's words, for a validator standing at {@code at}. */
    static String of(String raw, Position at) {
        String message = raw == null ? "" : raw.strip();
        return new SchemaWords(at).translate(message);
    }

    /** A message of the XML parser (not well-formed), without the parser's own location suffix. */
    static String notWellFormed(String raw) {
        String message = raw == null ? "" : raw.strip();
        int located = message.indexOf("\n at [row,col");
        if (located >= 0) {
            message = message.substring(0, located);
        }
        message = message.replaceFirst("^ParseError at \\[row,col\\]:\\[\\d+,\\d+\\]\\s*Message:\\s*", "");
        if (message.contains("DOCTYPE")) {
            return "a DOCTYPE is not allowed in a policy";
        }
        return "the document is not well-formed XML: " + message.strip();
    }

    private String translate(String message) {
        for (Rule rule : rules) {
            Matcher m = rule.pattern().matcher(message);
            if (m.matches()) {
                return rule.words().apply(m);
            }
        }
        return message.replaceFirst("^cvc-[\\w.-]+: ", "");
    }

    private void rule(String regex, Function<Matcher, String> words) {
        rules.add(new Rule(Pattern.compile(regex, Pattern.DOTALL), words));
    }

    /** "attribute directive of <selection>" for the attribute holding {@code value}, else "the text of <e>". */
    private String holder(String value) {
        Optional<String> attribute = at.attributes().entrySet().stream().filter(e -> e.getValue().equals(value))
                .map(Map.Entry::getKey).findFirst();
        return attribute.map(a -> "attribute " + a + " of <" + at.element() + ">")
                .orElseGet(() -> "the text of <" + at.element() + ">");
    }

    /** {@code <name>}, with its namespace when it is not the policy's. */
    private static String element(String qualified) {
        Matcher m = QUALIFIED.matcher(qualified);
        if (m.matches()) {
            return NS.equals(m.group(1)) ? "<" + m.group(2) + ">" : "<" + m.group(2) + "> of " + namespace(m.group(1));
        }
        return "<" + qualified + "> in no namespace (not " + NS + ")";
    }

    /** "<a> or <b>" (or "one of <a>, <b>, <c>") from the validator's list of expected elements. */
    private static String oneOf(String expected) {
        List<String> names = new ArrayList<>();
        Matcher m = QUALIFIED.matcher(expected);
        while (m.find()) {
            names.add(NS.equals(m.group(1)) ? "<" + m.group(2) + ">" : "<" + m.group(2) + "> of " + namespace(m.group(1)));
        }
        if (names.isEmpty()) {
            for (String name : expected.replaceAll("[{}]", "").split(",\\s*")) {
                names.add(name.startsWith("WC[") ? "an element of another namespace" : "<" + name + ">");
            }
        }
        String of = names.stream().allMatch(n -> !n.contains(" of ")) ? " (elements of " + NS + ")" : "";
        if (names.size() == 1) {
            return names.get(0) + of;
        }
        if (names.size() == 2) {
            return names.get(0) + " or " + names.get(1) + of;
        }
        return "one of " + String.join(", ", names) + of;
    }

    private static String local(String qualified) {
        Matcher m = QUALIFIED.matcher(qualified);
        return m.matches() ? m.group(2) : qualified;
    }

    private static String namespace(String ns) {
        return ns == null || ns.isEmpty() ? "no namespace" : "namespace " + ns;
    }

    private static String article(String type) {
        return switch (type) {
            case "integer", "int", "long", "nonNegativeInteger", "positiveInteger" -> "a whole number";
            case "decimal", "double", "float" -> "a number";
            case "boolean" -> "true or false";
            case "dateTime" -> "a date and time (2026-01-31T12:00:00Z)";
            case "duration" -> "a duration (PT5S)";
            case "QName" -> "a qualified name (prefix:name)";
            default -> "a valid " + type;
        };
    }

    private static String bound(String minOrMax, String inclusiveOrExclusive) {
        boolean min = "min".equals(minOrMax);
        boolean inclusive = "Inclusive".equals(inclusiveOrExclusive);
        return min ? (inclusive ? "at least" : "more than") : (inclusive ? "at most" : "less than");
    }
}
