package org.servicedomain.node.dispatch;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * Reads a provider's HTTP/1.1 answers from a connection's bytes in one pass and keeps only what the
 * node uses of them: the status, the content type, whether the connection stays open, and the body,
 * de-chunked. Netty's response decoder built a header map and message objects for every answer,
 * which the node then asked for four values. Interim (1xx) answers are skipped; a body without
 * length or chunking runs to the connection's end ({@link #closed()}).
 */
final class AnswerParser {

    /** Where an answer's parts go; each returns false to stop reading (the connection is then dropped). */
    interface Answer {
        boolean head(int status, String contentType, boolean keepAlive, long contentLength);

        boolean content(ByteBuf bytes);

        void end();
    }

    /** Netty's default limits: an initial line of 4 KiB and 8 KiB of headers. */
    static final int MAX_HEAD_BYTES = 12 * 1024;
    private static final int MAX_LINE_BYTES = 1024;
    private static final byte[] HTTP_1 = ascii("HTTP/1.");
    private static final byte[] CONTENT_LENGTH = ascii("content-length");
    private static final byte[] TRANSFER_ENCODING = ascii("transfer-encoding");
    private static final byte[] CONTENT_TYPE = ascii("content-type");
    private static final byte[] CONNECTION = ascii("connection");

    private enum State { HEAD, BODY, CHUNK_SIZE, CHUNK, CHUNK_END, TRAILER, UNTIL_CLOSE }

    /** What {@link #line} found. */
    private enum Line { COMPLETE, PARTIAL, TOO_LONG }

    private final Answer answer;
    /** The line being read, as bytes; grown up to the head limit. */
    private byte[] line = new byte[256];
    private int lineLength;
    private State state = State.HEAD;
    private int headBytes;
    private boolean statusLineRead;
    private int status;
    private boolean http10;
    private String contentType;
    private long contentLength;
    private boolean chunked;
    private String connection;
    /** A framing header the answer cannot be read by: a Content-Length that is no number, or two that differ. */
    private boolean badFraming;
    private long left;

    AnswerParser(Answer answer) {
        this.answer = answer;
    }

    /** Reads the bytes of {@code in}; false when the answer stopped the reading or the bytes are not HTTP. */
    boolean read(ByteBuf in) {
        while (in.isReadable()) {
            boolean going = switch (state) {
                case HEAD -> head(in);
                case BODY -> body(in);
                case CHUNK_SIZE -> chunkSize(in);
                case CHUNK -> chunk(in);
                case CHUNK_END -> chunkEnd(in);
                case TRAILER -> trailer(in);
                case UNTIL_CLOSE -> answer.content(in.readSlice(in.readableBytes()));
            };
            if (!going) {
                return false;
            }
        }
        return true;
    }

    /** The connection ended: an answer that runs to the end is then complete; true when one was. */
    boolean closed() {
        if (state != State.UNTIL_CLOSE) {
            return false;
        }
        finish();
        return true;
    }

    private boolean head(ByteBuf in) {
        while (in.isReadable()) {
            Line read = line(in, MAX_HEAD_BYTES - headBytes);
            if (read != Line.COMPLETE) {
                return read == Line.PARTIAL;
            }
            if (!statusLineRead) {
                if (lineLength == 0) {
                    continue;
                }
                if (!statusLine()) {
                    return false;
                }
            } else if (lineLength > 0) {
                header();
            } else if (status < 200) {
                statusLineRead = false; // an interim answer (100 Continue): the real one follows
            } else {
                return startBody();
            }
            lineLength = 0;
        }
        return true;
    }

    /**
     * Adds bytes of {@code in} to the current line up to its LF, which completes it (its CR LF left
     * out); {@code room} is how many more bytes it may take.
     */
    private Line line(ByteBuf in, int room) {
        int start = in.readerIndex();
        int lf = in.indexOf(start, in.writerIndex(), (byte) '\n');
        int end = lf < 0 ? in.writerIndex() : lf;
        int taken = end - start + (lf < 0 ? 0 : 1);
        if (taken > room) {
            return Line.TOO_LONG;
        }
        headBytes += taken;
        if (lineLength + end - start > line.length) {
            line = Arrays.copyOf(line, Math.max(line.length * 2, lineLength + end - start));
        }
        in.getBytes(start, line, lineLength, end - start);
        lineLength += end - start;
        in.readerIndex(start + taken);
        if (lf < 0) {
            return Line.PARTIAL;
        }
        if (lineLength > 0 && line[lineLength - 1] == '\r') {
            lineLength--;
        }
        return Line.COMPLETE;
    }

    /** A chunk-size, chunk-end or trailer line, within the line limit. */
    private Line chunkLine(ByteBuf in) {
        return line(in, MAX_LINE_BYTES - lineLength);
    }

    private boolean statusLine() {
        if (lineLength < 12 || !startsWith(HTTP_1) || line[8] != ' ') {
            return false;
        }
        int code = 0;
        for (int i = 9; i < 12; i++) {
            byte c = line[i];
            if (c < '0' || c > '9') {
                return false;
            }
            code = code * 10 + c - '0';
        }
        status = code;
        http10 = line[7] == '0';
        contentType = null;
        contentLength = -1;
        chunked = false;
        connection = null;
        badFraming = false;
        statusLineRead = true;
        return code >= 100;
    }

    /** Keeps the value of the four headers the node reads; the others are only counted against the limit. */
    private void header() {
        int colon = 0;
        while (colon < lineLength && line[colon] != ':') {
            colon++;
        }
        if (colon == 0 || colon == lineLength) {
            return;
        }
        if (is(CONTENT_LENGTH, colon)) {
            long length = length(value(colon));
            badFraming |= length < 0 || (contentLength >= 0 && contentLength != length);
            contentLength = length;
        } else if (is(TRANSFER_ENCODING, colon)) {
            chunked = value(colon).toLowerCase(Locale.ROOT).endsWith("chunked");
        } else if (is(CONTENT_TYPE, colon)) {
            contentType = value(colon);
        } else if (is(CONNECTION, colon)) {
            connection = value(colon);
        }
    }

    private String value(int colon) {
        int from = colon + 1;
        int to = lineLength;
        while (from < to && (line[from] == ' ' || line[from] == '\t')) {
            from++;
        }
        while (to > from && (line[to - 1] == ' ' || line[to - 1] == '\t')) {
            to--;
        }
        return new String(line, from, to - from, StandardCharsets.ISO_8859_1);
    }

    private boolean startBody() {
        if (badFraming && !chunked) {
            return false;
        }
        boolean keepAlive = keepAlive();
        long length = chunked ? -1 : contentLength;
        boolean noBody = status == 204 || status == 304 || (!chunked && contentLength == 0);
        if (!answer.head(status, contentType, keepAlive && (noBody || chunked || contentLength >= 0), noBody ? 0 : length)) {
            return false;
        }
        lineLength = 0;
        if (noBody) {
            return finish();
        }
        if (chunked) {
            state = State.CHUNK_SIZE;
        } else if (contentLength > 0) {
            state = State.BODY;
            left = contentLength;
        } else {
            state = State.UNTIL_CLOSE;
        }
        return true;
    }

    private boolean keepAlive() {
        if (connection == null) {
            return !http10;
        }
        String tokens = connection.toLowerCase(Locale.ROOT);
        return http10 ? tokens.contains("keep-alive") : !tokens.contains("close");
    }

    private boolean body(ByteBuf in) {
        int n = (int) Math.min(left, in.readableBytes());
        left -= n;
        if (!answer.content(in.readSlice(n))) {
            return false;
        }
        return left > 0 || finish();
    }

    private boolean chunkSize(ByteBuf in) {
        Line read = chunkLine(in);
        if (read != Line.COMPLETE) {
            return read == Line.PARTIAL;
        }
        long size = 0;
        int digits = 0;
        int i = 0;
        while (i < lineLength && (line[i] == ' ' || line[i] == '\t')) {
            i++;
        }
        for (; i < lineLength && line[i] != ';' && line[i] != ' ' && line[i] != '\t'; i++, digits++) {
            int digit = Character.digit(line[i], 16);
            if (digit < 0 || digits == 15) {
                return false;
            }
            size = size * 16 + digit;
        }
        lineLength = 0;
        if (digits == 0) {
            return false;
        }
        left = size;
        state = left == 0 ? State.TRAILER : State.CHUNK;
        return true;
    }

    private boolean chunk(ByteBuf in) {
        int n = (int) Math.min(left, in.readableBytes());
        left -= n;
        if (!answer.content(in.readSlice(n))) {
            return false;
        }
        if (left == 0) {
            state = State.CHUNK_END;
        }
        return true;
    }

    private boolean chunkEnd(ByteBuf in) {
        Line read = chunkLine(in);
        if (read != Line.COMPLETE) {
            return read == Line.PARTIAL;
        }
        boolean empty = lineLength == 0;
        state = State.CHUNK_SIZE;
        return empty;
    }

    private boolean trailer(ByteBuf in) {
        Line read = chunkLine(in);
        if (read != Line.COMPLETE) {
            return read == Line.PARTIAL;
        }
        boolean last = lineLength == 0;
        lineLength = 0;
        return !last || finish();
    }

    /** The answer is complete: the parser is ready for the next one before the answer is told, which may send it. */
    private boolean finish() {
        state = State.HEAD;
        headBytes = 0;
        statusLineRead = false;
        lineLength = 0;
        answer.end();
        return true;
    }

    private boolean startsWith(byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (line[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** Whether the header name before {@code colon} is {@code lowerName}, ignoring ASCII case. */
    private boolean is(byte[] lowerName, int colon) {
        if (colon != lowerName.length) {
            return false;
        }
        for (int i = 0; i < colon; i++) {
            if ((line[i] | 0x20) != lowerName[i]) {
                return false;
            }
        }
        return true;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static long length(String value) {
        if (value.isEmpty() || value.length() > 18) {
            return -1;
        }
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return -1;
            }
        }
        return Long.parseLong(value);
    }
}
