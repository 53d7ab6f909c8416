package org.servicedomain.node.engine.envelope;

import java.nio.charset.StandardCharsets;

/**
 * The XML declaration a plain message may start with: version 1.0, at most an encoding of UTF-8 (in
 * any case) and standalone, in that order, quoted either way. Anything else in its place is left to
 * the parser.
 */
final class PlainDeclaration {

    private static final byte[] START = "<?xml".getBytes(StandardCharsets.US_ASCII);

    private final byte[] b;
    private int pos;

    private PlainDeclaration(byte[] b) {
        this.b = b;
    }

    /** Where the message's content starts: 0 without a declaration, after a plain one, -1 after any other. */
    static int end(byte[] message) {
        if (!PlainBytes.equalsAt(message, START, 0, START.length)) {
            return 0;
        }
        try {
            return new PlainDeclaration(message).read();
        } catch (ArrayIndexOutOfBoundsException cutShort) {
            return -1; // the message ends inside it: the parser says so
        }
    }

    private int read() {
        pos = START.length;
        boolean ok = space() && pseudoAttribute("version", "1.0");
        boolean spaced = space();
        if (ok && spaced && b[pos] == 'e') {
            ok = pseudoAttribute("encoding", "UTF-8");
            spaced = space();
        }
        if (ok && spaced && b[pos] == 's') {
            ok = pseudoAttribute("standalone", "yes", "no");
            space();
        }
        return ok && b[pos] == '?' && b[pos + 1] == '>' ? pos + 2 : -1;
    }

    /** {@code name="value"} with one of the values given (the encoding's in any case). */
    private boolean pseudoAttribute(String name, String... values) {
        if (!matches(name, false)) {
            return false;
        }
        pos += name.length();
        space();
        if (b[pos++] != '=') {
            return false;
        }
        space();
        byte quote = b[pos++];
        if (quote != '"' && quote != '\'') {
            return false;
        }
        for (String value : values) {
            if (matches(value, "encoding".equals(name)) && b[pos + value.length()] == quote) {
                pos += value.length() + 1;
                return true;
            }
        }
        return false;
    }

    private boolean matches(String expected, boolean anyCase) {
        for (int i = 0; i < expected.length(); i++) {
            int c = b[pos + i];
            int e = expected.charAt(i);
            if (c != e && !(anyCase && Character.isLetter(e) && (c | 0x20) == (e | 0x20))) {
                return false;
            }
        }
        return true;
    }

    /** Skips XML white space; whether there was any. */
    private boolean space() {
        int from = pos;
        while (pos < b.length && (b[pos] == ' ' || b[pos] == '\n' || b[pos] == '\t' || b[pos] == '\r')) {
            pos++;
        }
        return pos > from;
    }
}
