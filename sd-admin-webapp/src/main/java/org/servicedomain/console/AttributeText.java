package org.servicedomain.console;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** Instance attributes as the forms show them: one {@code name=value} a line. */
final class AttributeText {

    private AttributeText() {
    }

    static Map<String, String> parse(String text) {
        Map<String, String> attributes = new LinkedHashMap<>();
        if (text == null) {
            return attributes;
        }
        for (String line : text.split("\\R")) {
            if (line.isBlank()) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("attribute line '" + line.strip() + "' is not name=value");
            }
            attributes.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
        }
        return attributes;
    }

    static String format(Map<String, String> attributes) {
        return attributes.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("\n"));
    }
}
