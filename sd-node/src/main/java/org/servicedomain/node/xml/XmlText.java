package org.servicedomain.node.xml;

/** Escapes text for XML content and attribute values, the one way the node writes XML by hand. */
public final class XmlText {

    private XmlText() {
    }

    /**
     * {@code text} (or "null") with {@code < > & "} escaped and the control characters XML 1.0
     * forbids replaced by a space, so any string, a provider's message included, is safe to embed.
     */
    public static String escape(String text) {
        String value = String.valueOf(text);
        StringBuilder out = new StringBuilder(value.length() + 16);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> out.append(c < 0x20 && c != '\t' && c != '\n' && c != '\r' ? ' ' : c);
            }
        }
        return out.toString();
    }
}
