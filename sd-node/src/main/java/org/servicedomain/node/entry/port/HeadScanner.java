package org.servicedomain.node.entry.port;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.FastThreadLocal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * Reads one request's head a byte at a time and refuses, as Tomcat does, what a lenient decoder
 * would let through: control characters, bare CR, obsolete line folding, a head over the size limit,
 * an unknown HTTP version, and a framing a smuggler could exploit (Content-Length with
 * Transfer-Encoding, two Content-Lengths, a transfer coding other than chunked). A sound head
 * becomes a {@link RelayRequest} with only the headers the relay reads ({@link KeptHeaders}).
 */
final class HeadScanner {

    /** Tomcat's default {@code maxHttpRequestHeaderSize}: the request line and headers together. */
    static final int MAX_HEAD_BYTES = 8 * 1024;
    /** Longest header name worth keeping: longer than any the relay reads ({@link KeptHeaders}). */
    private static final int KEPT = 64;
    /** Each loop thread's copy of the bytes being scanned: a head never needs more. */
    private static final FastThreadLocal<byte[]> SCRATCH = new FastThreadLocal<>() {
        @Override
        protected byte[] initialValue() {
            return new byte[MAX_HEAD_BYTES];
        }
    };

    private enum State { LEADING, REQUEST_LINE, REQUEST_LINE_LF, LINE_START, NAME, VALUE, VALUE_LF, END_LF }

    private State state = State.LEADING;
    private int headBytes;
    private int spaces;
    /** The header name being read, in lower case, up to {@link #KEPT} characters. */
    private final StringBuilder token = new StringBuilder();
    /** The request line's bytes, each space as one, copied a run at a time; grown up to the head's limit. */
    private byte[] requestLine = new byte[128];
    private int requestLineLength;
    /** Where the request line's first and second spaces are. */
    private int firstSpace;
    private int secondSpace;
    private final KeptHeaders kept = new KeptHeaders();
    private String method;
    private String target;
    private boolean http10;
    private int contentLengths;
    private String contentLength;
    private int transferEncodings;
    private String transferEncoding;
    /** The kept header being read ({@link KeptHeaders#indexOf}), or -1 for one that is only checked. */
    private int keptHeader = -1;

    /**
     * Reads head bytes of {@code in} from {@code from} up to {@code to}; returns the index of the
     * head's last byte once the head is complete and sound, or -1 when it goes on past {@code to}.
     * The bytes are copied a piece at a time into the loop thread's scratch array and walked there, which
     * costs far less than a bounds-checked read or a callback per byte.
     */
    int scan(ByteBuf in, int from, int to) throws RefusedHead {
        byte[] piece = SCRATCH.get();
        for (int at = from; at < to; at += piece.length) {
            int n = Math.min(piece.length, to - at);
            in.getBytes(at, piece, 0, n);
            int last = scan(piece, n);
            if (last >= 0) {
                return at + last;
            }
        }
        return -1;
    }

    /**
     * The walk over one piece: plain bytes of the request line, a header name or a header value in a
     * tight loop, everything else (the bytes that end them or are refused) byte by byte.
     */
    private int scan(byte[] piece, int n) throws RefusedHead {
        for (int i = 0; i < n; i++) {
            if (state == State.REQUEST_LINE || state == State.NAME) {
                i = state == State.NAME ? nameRun(piece, i, n) : requestLineRun(piece, i, n);
                if (i == n) {
                    return -1;
                }
            } else if (state == State.VALUE) {
                int start = i;
                while (i < n && HttpChars.isPlainValue(piece[i])) {
                    i++;
                }
                counted(i - start, i);
                if (keptHeader >= 0) {
                    kept.valueBytes(piece, start, i - start);
                }
                if (i == n) {
                    return -1;
                }
            }
            if (next(piece[i])) {
                return i;
            }
        }
        return -1;
    }

    /** Takes the plain bytes of the request line from {@code i} on (neither space, CR, LF nor a control character); the index after them. */
    private int requestLineRun(byte[] piece, int i, int n) throws RefusedHead {
        int j = i;
        while (j < n && piece[j] > 0x20 && piece[j] != 0x7f) {
            j++;
        }
        counted(j - i, j);
        takeRequestLine(piece, i, j - i);
        return j;
    }

    private void takeRequestLine(byte[] bytes, int from, int length) {
        if (requestLineLength + length > requestLine.length) {
            requestLine = Arrays.copyOf(requestLine, Math.max(requestLine.length * 2, requestLineLength + length));
        }
        System.arraycopy(bytes, from, requestLine, requestLineLength, length);
        requestLineLength += length;
    }

    private void takeRequestLine(byte b) {
        if (requestLineLength == requestLine.length) {
            requestLine = Arrays.copyOf(requestLine, requestLine.length * 2);
        }
        requestLine[requestLineLength++] = b;
    }

    private String requestLinePart(int from, int to) {
        return new String(requestLine, from, to - from, StandardCharsets.ISO_8859_1);
    }

    /** Takes the token bytes of a header name from {@code i} on, in lower case; the index after them. */
    private int nameRun(byte[] piece, int i, int n) throws RefusedHead {
        int j = i;
        while (j < n && HttpChars.isToken(piece[j])) {
            if (token.length() < KEPT) {
                token.append((char) (piece[j] | 0x20));
            }
            j++;
        }
        return counted(j - i, j);
    }

    /** Counts {@code run} more bytes of the head, refused past its size limit; answers {@code next}. */
    private int counted(int run, int next) throws RefusedHead {
        if (headBytes + run > MAX_HEAD_BYTES) {
            throw tooLarge();
        }
        headBytes += run;
        return next;
    }

    /** Whether no byte of this head has come yet (leading empty lines aside). */
    boolean notStarted() {
        return state == State.LEADING;
    }

    /** Reads the head's next byte; returns true when it was the head's last, and the head is sound. */
    boolean next(byte b) throws RefusedHead {
        if (state == State.LEADING && (b == '\r' || b == '\n')) {
            return false; // empty lines before a request line are ignored, as RFC 9112 allows
        }
        if (++headBytes > MAX_HEAD_BYTES) {
            throw tooLarge();
        }
        switch (state) {
            case LEADING, REQUEST_LINE -> requestLine(b);
            case REQUEST_LINE_LF -> {
                lineFeed(b);
                versionAccepted();
                state = State.LINE_START;
            }
            case LINE_START -> {
                if (b == '\r') {
                    state = State.END_LF;
                } else if (b == '\n') {
                    return headEnd();
                } else if (b == ' ' || b == '\t') {
                    throw bad("obsolete line folding (a header line starting with a space or tab)");
                } else {
                    token.setLength(0);
                    nameByte(b);
                    state = State.NAME;
                }
            }
            case NAME -> {
                if (b == ':') {
                    keptHeader = KeptHeaders.indexOf(token);
                    state = State.VALUE;
                } else {
                    nameByte(b);
                }
            }
            case VALUE -> valueByte(b);
            case VALUE_LF -> {
                lineFeed(b);
                headerEnd();
            }
            case END_LF -> {
                lineFeed(b);
                return headEnd();
            }
            default -> throw new IllegalStateException("unknown state " + state);
        }
        return false;
    }

    /** The declared Content-Length, or -1 when none; valid once the head is sound. */
    long contentLength() {
        return contentLength == null ? -1 : Long.parseLong(contentLength);
    }

    boolean chunked() {
        return transferEncoding != null;
    }

    /**
     * The request whose head is complete, with the headers the relay reads ({@link KeptHeaders}) and
     * the head's size as it came.
     */
    RelayRequest request() {
        return new RelayRequest(http10 ? HttpVersion.HTTP_1_0 : HttpVersion.HTTP_1_1, HttpMethod.valueOf(method), target,
                kept.take(), headBytes);
    }

    /** Ready for the next request's head. */
    void reset() {
        state = State.LEADING;
        headBytes = 0;
        spaces = 0;
        token.setLength(0);
        requestLineLength = 0;
        kept.reset();
        contentLengths = 0;
        contentLength = null;
        transferEncodings = 0;
        transferEncoding = null;
        keptHeader = -1;
    }

    private void requestLine(byte b) throws RefusedHead {
        state = State.REQUEST_LINE;
        if (b == '\r') {
            state = State.REQUEST_LINE_LF;
        } else if (b == '\n') {
            versionAccepted();
            state = State.LINE_START;
        } else if (b == ' ') {
            if (++spaces == 1) {
                firstSpace = requestLineLength;
            } else if (spaces == 2) {
                secondSpace = requestLineLength;
            }
            takeRequestLine((byte) ' ');
        } else if (b < 0x21 || b == 0x7f) { // bytes over 0x7f are negative
            throw bad("a control character or non-ASCII byte in the request line");
        } else {
            takeRequestLine(b);
        }
    }

    /** The request line has ended: HTTP/1.1 or 1.0, three parts. */
    private void versionAccepted() throws RefusedHead {
        if (spaces != 2) {
            throw bad("the request line is not METHOD TARGET VERSION");
        }
        String version = requestLinePart(secondSpace + 1, requestLineLength);
        if (version.equals("HTTP/1.1") || version.equals("HTTP/1.0")) {
            if (firstSpace == 0 || secondSpace == firstSpace + 1) {
                throw bad("the request line is not METHOD TARGET VERSION");
            }
            method = requestLinePart(0, firstSpace);
            target = requestLinePart(firstSpace + 1, secondSpace);
            http10 = version.equals("HTTP/1.0");
            return;
        }
        if (version.matches("HTTP/\\d\\.\\d")) {
            throw new RefusedHead(HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED, version + " is not supported; use HTTP/1.1");
        }
        throw bad("no HTTP version in the request line");
    }

    private void nameByte(byte b) throws RefusedHead {
        if (!HttpChars.isToken(b)) {
            throw bad("a header name holds a character a token may not");
        }
        if (token.length() < KEPT) {
            token.append((char) (b | 0x20));
        }
    }

    private void valueByte(byte b) throws RefusedHead {
        if (b == '\r') {
            state = State.VALUE_LF;
        } else if (b == '\n') {
            headerEnd();
        } else if ((b >= 0 && b < 0x20 && b != '\t') || b == 0x7f) {
            throw bad("a header value holds a control character");
        } else if (keptHeader >= 0) {
            kept.valueByte(b);
        }
    }

    private static void lineFeed(byte b) throws RefusedHead {
        if (b != '\n') {
            throw bad("a CR not followed by LF");
        }
    }

    private void headerEnd() {
        if (keptHeader >= 0) {
            String value = kept.endValue(keptHeader);
            if (KeptHeaders.name(keptHeader) == KeptHeaders.CONTENT_LENGTH) {
                contentLengths++;
                contentLength = value;
            } else if (KeptHeaders.name(keptHeader) == KeptHeaders.TRANSFER_ENCODING) {
                transferEncodings++;
                transferEncoding = value;
            }
            keptHeader = -1;
        }
        state = State.LINE_START;
    }

    /** The head is complete: its framing must be unambiguous. */
    private boolean headEnd() throws RefusedHead {
        if (transferEncodings > 0 && contentLengths > 0) {
            throw bad("both Content-Length and Transfer-Encoding (a request smuggling attempt)");
        }
        if (contentLengths > 1) {
            throw bad("more than one Content-Length");
        }
        if (contentLength != null && !HttpChars.isLength(contentLength)) {
            throw bad("Content-Length is not a number");
        }
        if (transferEncodings > 1 || (transferEncoding != null && !transferEncoding.toLowerCase(Locale.ROOT).equals("chunked"))) {
            throw new RefusedHead(HttpResponseStatus.NOT_IMPLEMENTED, "only the chunked transfer coding is implemented");
        }
        return true;
    }

    private RefusedHead tooLarge() {
        return state == State.REQUEST_LINE || state == State.LEADING
                ? new RefusedHead(HttpResponseStatus.REQUEST_URI_TOO_LONG, "the request line is longer than " + MAX_HEAD_BYTES + " bytes")
                : new RefusedHead(HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                        "the request line and headers are larger than " + MAX_HEAD_BYTES + " bytes");
    }

    private static RefusedHead bad(String why) {
        return new RefusedHead(HttpResponseStatus.BAD_REQUEST, why);
    }
}
