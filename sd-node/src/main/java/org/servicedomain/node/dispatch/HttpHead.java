package org.servicedomain.node.dispatch;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;

/**
 * Writes HTTP/1.1 message heads straight into the buffer that carries the body, for the messages
 * the node composes itself on its event loops (requests to providers, the relay's answers): one
 * buffer and one write per message, no header objects built and encoded again. Values are written
 * as ISO-8859-1 with control characters turned into spaces, so no value can end its header line.
 */
public final class HttpHead {

    private static final short CRLF = ('\r' << 8) | '\n';
    private static final int CRLF_CRLF = ('\r' << 24) | ('\n' << 16) | ('\r' << 8) | '\n';
    private static final byte[] CONTENT_LENGTH = name("Content-Length");
    private static final byte[][] STATUS_LINES = new byte[600][];

    static {
        for (int code = 100; code < STATUS_LINES.length; code++) {
            STATUS_LINES[code] = ascii("HTTP/1.1 " + code + " " + HttpResponseStatus.valueOf(code).reasonPhrase() + "\r\n");
        }
    }

    private HttpHead() {
    }

    /** {@code name: }, ready to be followed by a value; for header names known ahead. */
    public static byte[] name(String name) {
        return ascii(name + ": ");
    }

    /** A whole header line, for headers whose value is fixed ahead. */
    public static byte[] line(String name, String value) {
        return ascii(name + ": " + value + "\r\n");
    }

    /** The status line of an answer with {@code code}. */
    public static void statusLine(ByteBuf out, int code) {
        out.writeBytes(code >= 100 && code < STATUS_LINES.length ? STATUS_LINES[code]
                : ascii("HTTP/1.1 " + code + " " + HttpResponseStatus.valueOf(code).reasonPhrase() + "\r\n"));
    }

    /** {@code name: value} and its line end; {@code name} as made by {@link #name(String)}. */
    public static void header(ByteBuf out, byte[] name, CharSequence value) {
        out.writeBytes(name);
        text(out, value);
        out.writeShort(CRLF);
    }

    /** A header whose name is known only now. */
    public static void header(ByteBuf out, CharSequence name, CharSequence value) {
        text(out, name);
        out.writeByte(':').writeByte(' ');
        text(out, value);
        out.writeShort(CRLF);
    }

    /** {@code Content-Length}, then the blank line that ends the head. */
    public static void end(ByteBuf out, long contentLength) {
        out.writeBytes(CONTENT_LENGTH);
        digits(out, contentLength);
        out.writeInt(CRLF_CRLF);
    }

    private static void digits(ByteBuf out, long value) {
        if (value < 10) {
            out.writeByte((int) ('0' + value));
            return;
        }
        digits(out, value / 10);
        out.writeByte((int) ('0' + value % 10));
    }

    /**
     * The text as ISO-8859-1 ({@code ?} for what it cannot hold), control characters made spaces,
     * copied into {@code out} at once: a bounds-checked write per byte into a pooled direct buffer
     * cost more than the rest of the head.
     */
    private static void text(ByteBuf out, CharSequence text) {
        byte[] bytes = text.toString().getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < bytes.length; i++) {
            byte b = bytes[i];
            if ((b >= 0 && b < 0x20 && b != '\t') || b == 0x7f) {
                bytes[i] = ' ';
            }
        }
        out.writeBytes(bytes);
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
