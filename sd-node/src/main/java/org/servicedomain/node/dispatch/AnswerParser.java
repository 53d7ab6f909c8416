package org.servicedomain.node.dispatch;

import io.netty.buffer.ByteBuf;
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
    private static final byte[] CONTENT_LENGTH = AnswerLine.ascii("content-length");
    private static final byte[] TRANSFER_ENCODING = AnswerLine.ascii("transfer-encoding");
    private static final byte[] CONTENT_TYPE = AnswerLine.ascii("content-type");
    private static final byte[] CONNECTION = AnswerLine.ascii("connection");

    private enum State { HEAD, BODY, CHUNK_SIZE, CHUNK, CHUNK_END, TRAILER, UNTIL_CLOSE }

    private final Answer answer;
    private final AnswerLine line = new AnswerLine();
    private State state = State.HEAD;
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
            AnswerLine.Read read = line.read(in, MAX_HEAD_BYTES - line.taken());
            if (read != AnswerLine.Read.COMPLETE) {
                return read == AnswerLine.Read.PARTIAL;
            }
            if (!statusLineRead) {
                if (line.isEmpty()) {
                    continue;
                }
                if (!statusLine()) {
                    return false;
                }
            } else if (!line.isEmpty()) {
                header();
            } else if (status < 200) {
                statusLineRead = false; // an interim answer (100 Continue): the real one follows
            } else {
                return startBody();
            }
            line.clear();
        }
        return true;
    }

    /** A chunk-size, chunk-end or trailer line, within the line limit. */
    private AnswerLine.Read chunkLine(ByteBuf in) {
        return line.read(in, MAX_LINE_BYTES - line.length());
    }

    private boolean statusLine() {
        int code = line.status();
        if (code < 0) {
            return false;
        }
        status = code;
        http10 = line.http10();
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
        int colon = line.colon();
        if (colon == 0 || colon == line.length()) {
            return;
        }
        if (line.nameIs(CONTENT_LENGTH, colon)) {
            long length = length(line.value(colon));
            badFraming |= length < 0 || (contentLength >= 0 && contentLength != length);
            contentLength = length;
        } else if (line.nameIs(TRANSFER_ENCODING, colon)) {
            chunked = line.value(colon).toLowerCase(Locale.ROOT).endsWith("chunked");
        } else if (line.nameIs(CONTENT_TYPE, colon)) {
            contentType = line.value(colon);
        } else if (line.nameIs(CONNECTION, colon)) {
            connection = line.value(colon);
        }
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
        line.clear();
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
        AnswerLine.Read read = chunkLine(in);
        if (read != AnswerLine.Read.COMPLETE) {
            return read == AnswerLine.Read.PARTIAL;
        }
        long size = line.chunkSize();
        line.clear();
        if (size < 0) {
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
        AnswerLine.Read read = chunkLine(in);
        if (read != AnswerLine.Read.COMPLETE) {
            return read == AnswerLine.Read.PARTIAL;
        }
        boolean empty = line.isEmpty();
        state = State.CHUNK_SIZE;
        return empty;
    }

    private boolean trailer(ByteBuf in) {
        AnswerLine.Read read = chunkLine(in);
        if (read != AnswerLine.Read.COMPLETE) {
            return read == AnswerLine.Read.PARTIAL;
        }
        boolean last = line.isEmpty();
        line.clear();
        return !last || finish();
    }

    /** The answer is complete: the parser is ready for the next one before the answer is told, which may send it. */
    private boolean finish() {
        state = State.HEAD;
        statusLineRead = false;
        line.restart();
        answer.end();
        return true;
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
