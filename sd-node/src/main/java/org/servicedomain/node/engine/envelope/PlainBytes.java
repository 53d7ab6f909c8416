package org.servicedomain.node.engine.envelope;

/**
 * The byte-level checks of {@link PlainEnvelopeReader}: one XML 1.0 character in well-formed UTF-8,
 * the ASCII name characters it allows, and comparisons of byte ranges without decoding them.
 */
final class PlainBytes {

    private PlainBytes() {
    }

    /**
     * Where the character at {@code pos} ends, or -1 when it is not an XML 1.0 character in
     * well-formed UTF-8 (a control character, an overlong form, a surrogate, U+FFFE or U+FFFF, a
     * broken sequence). May read past the end of {@code b}; its caller treats that as not plain.
     */
    static int character(byte[] b, int pos) {
        int c = b[pos] & 0xff;
        if (c < 0x80) {
            return c < 0x20 && c != '\t' && c != '\n' && c != '\r' ? -1 : pos + 1;
        }
        if (c >= 0xc2 && c <= 0xdf) {
            return continuation(b, pos + 1) ? pos + 2 : -1;
        }
        if (c >= 0xe0 && c <= 0xef) {
            int second = b[pos + 1] & 0xff;
            boolean overlongOrSurrogate = (c == 0xe0 && second < 0xa0) || (c == 0xed && second >= 0xa0);
            boolean notACharacter = c == 0xef && second == 0xbf && (b[pos + 2] & 0xff) >= 0xbe; // U+FFFE, U+FFFF
            return !overlongOrSurrogate && !notACharacter && continuation(b, pos + 1) && continuation(b, pos + 2) ? pos + 3 : -1;
        }
        if (c >= 0xf0 && c <= 0xf4) {
            int second = b[pos + 1] & 0xff;
            boolean outOfRange = (c == 0xf0 && second < 0x90) || (c == 0xf4 && second >= 0x90);
            return !outOfRange && continuation(b, pos + 1) && continuation(b, pos + 2) && continuation(b, pos + 3) ? pos + 4 : -1;
        }
        return -1;
    }

    private static boolean continuation(byte[] b, int at) {
        return (b[at] & 0xc0) == 0x80;
    }

    /** The first character of a plain name, or of its part after the colon. */
    static boolean nameStart(byte c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    /** A character of a plain name after its first. */
    static boolean nameChar(byte c) {
        return nameStart(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
    }

    static boolean equal(byte[] b, int at1, int length1, int at2, int length2) {
        if (length1 != length2) {
            return false;
        }
        for (int i = 0; i < length1; i++) {
            if (b[at1 + i] != b[at2 + i]) {
                return false;
            }
        }
        return true;
    }

    static boolean equalsAt(byte[] b, byte[] expected, int at, int length) {
        if (expected.length != length || b.length - at < length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (b[at + i] != expected[i]) {
                return false;
            }
        }
        return true;
    }

    /** Whether the range holds exactly the ASCII text {@code expected}. */
    static boolean equalsAscii(byte[] b, String expected, int at, int length) {
        if (expected.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (b[at + i] != expected.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
