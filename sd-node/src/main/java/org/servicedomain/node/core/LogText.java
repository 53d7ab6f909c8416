package org.servicedomain.node.core;

/** A value from outside made safe for one log line: control characters (CR, LF, ...) escaped. */
public final class LogText {

    private LogText() {
    }

    public static String of(Object value) {
        if (value == null) {
            return null;
        }
        String text = value.toString();
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                if (out == null) {
                    out = new StringBuilder(text.length() + 8).append(text, 0, i);
                }
                switch (c) {
                    case '\r' -> out.append("\\r");
                    case '\n' -> out.append("\\n");
                    case '\t' -> out.append("\\t");
                    default -> out.append(String.format("\\u%04x", (int) c));
                }
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }
}
