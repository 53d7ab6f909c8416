package org.servicedomain.node.xml;

/** Turns the character offsets a StAX parser reports into byte offsets of a UTF-8 document. */
public final class Utf8Offsets {

    private Utf8Offsets() {
    }

    /** The byte index of the character at {@code offset} (Java chars, after any BOM), or -1. */
    public static int byteIndex(byte[] body, long offset) {
        int i = hasBom(body) ? 3 : 0;
        long chars = 0;
        while (chars < offset && i < body.length) {
            int lead = body[i] & 0xFF;
            int length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
            chars += length == 4 ? 2 : 1;
            i += length;
        }
        return chars == offset && i <= body.length ? i : -1;
    }

    private static boolean hasBom(byte[] body) {
        return body.length >= 3 && (body[0] & 0xFF) == 0xEF && (body[1] & 0xFF) == 0xBB && (body[2] & 0xFF) == 0xBF;
    }
}
