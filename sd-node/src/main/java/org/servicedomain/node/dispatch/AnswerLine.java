package org.servicedomain.node.dispatch;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The line of a provider's answer being read (status line, header, chunk size or trailer), kept as
 * bytes up to its LF with the CR LF left out, and what {@link AnswerParser} reads from it. One per
 * connection, reused for every line: reading a line copies its bytes once and allocates nothing
 * unless the line is longer than any before.
 */
final class AnswerLine {

    /** What {@link #read} found. */
    enum Read { COMPLETE, PARTIAL, TOO_LONG }

    private static final byte[] HTTP_1 = ascii("HTTP/1.");

    /** Grown up to the head limit. */
    private byte[] bytes = new byte[256];
    private int length;
    /** Bytes taken from the connection since {@link #restart()}, line ends included. */
    private int taken;

    /**
     * Adds bytes of {@code in} to the line up to its LF, which completes it; {@code room} is how many
     * more bytes it may take.
     */
    Read read(ByteBuf in, int room) {
        int start = in.readerIndex();
        int lf = in.indexOf(start, in.writerIndex(), (byte) '\n');
        int end = lf < 0 ? in.writerIndex() : lf;
        int took = end - start + (lf < 0 ? 0 : 1);
        if (took > room) {
            return Read.TOO_LONG;
        }
        taken += took;
        if (length + end - start > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + end - start));
        }
        in.getBytes(start, bytes, length, end - start);
        length += end - start;
        in.readerIndex(start + took);
        if (lf < 0) {
            return Read.PARTIAL;
        }
        if (length > 0 && bytes[length - 1] == '\r') {
            length--;
        }
        return Read.COMPLETE;
    }

    int length() {
        return length;
    }

    boolean isEmpty() {
        return length == 0;
    }

    int taken() {
        return taken;
    }

    /** Starts the next line. */
    void clear() {
        length = 0;
    }

    /** Starts the next answer: the next line, and the count of bytes taken from zero. */
    void restart() {
        length = 0;
        taken = 0;
    }

    /** The code of a status line ({@code HTTP/1.x nnn ...}); -1 when the line is none. */
    int status() {
        if (length < 12 || !startsWith(HTTP_1) || bytes[8] != ' ') {
            return -1;
        }
        int code = 0;
        for (int i = 9; i < 12; i++) {
            byte c = bytes[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            code = code * 10 + c - '0';
        }
        return code;
    }

    /** Whether a status line is of HTTP/1.0. */
    boolean http10() {
        return bytes[7] == '0';
    }

    /** Where a header line's name ends: its first colon, or its length when it has none. */
    int colon() {
        int colon = 0;
        while (colon < length && bytes[colon] != ':') {
            colon++;
        }
        return colon;
    }

    /** Whether the header name before {@code colon} is {@code lowerName}, ignoring ASCII case. */
    boolean nameIs(byte[] lowerName, int colon) {
        if (colon != lowerName.length) {
            return false;
        }
        for (int i = 0; i < colon; i++) {
            if ((bytes[i] | 0x20) != lowerName[i]) {
                return false;
            }
        }
        return true;
    }

    /** The header's value after {@code colon}, without the spaces and tabs around it. */
    String value(int colon) {
        int from = colon + 1;
        int to = length;
        while (from < to && (bytes[from] == ' ' || bytes[from] == '\t')) {
            from++;
        }
        while (to > from && (bytes[to - 1] == ' ' || bytes[to - 1] == '\t')) {
            to--;
        }
        return new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
    }

    /** The size a chunk-size line gives (extensions ignored); -1 when it gives none or more than 15 hex digits. */
    long chunkSize() {
        long size = 0;
        int digits = 0;
        int i = 0;
        while (i < length && (bytes[i] == ' ' || bytes[i] == '\t')) {
            i++;
        }
        for (; i < length && bytes[i] != ';' && bytes[i] != ' ' && bytes[i] != '\t'; i++, digits++) {
            int digit = Character.digit(bytes[i], 16);
            if (digit < 0 || digits == 15) {
                return -1;
            }
            size = size * 16 + digit;
        }
        return digits == 0 ? -1 : size;
    }

    static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private boolean startsWith(byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (bytes[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
