package org.servicedomain.node.entry.port;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * Reads a request's body by the framing its head declared (a Content-Length or chunked): tells
 * where its data lies, chunk framing left out, and where the body ends, so the
 * {@link StrictHttpDecoder} knows where the next request's head starts. It copies nothing.
 */
final class BodyFraming {

    /** Where a body's data bytes go, as index ranges of the buffer being read. */
    interface Data {
        void data(int from, int length);
    }

    /** Longest chunk-size line (hex digits and extensions) read. */
    private static final int MAX_SIZE_LINE = 1024;

    private enum State { DONE, FIXED, SIZE, EXTENSION, SIZE_LF, DATA, DATA_CR, DATA_LF, TRAILER_START, TRAILER, TRAILER_LF, END_LF }

    private State state = State.DONE;
    private long remaining;
    private int lineBytes;

    /** Starts a body of {@code contentLength} bytes, or a chunked one; -1 and not chunked is no body. */
    void start(long contentLength, boolean chunked) {
        if (chunked) {
            begin(State.SIZE);
        } else if (contentLength > 0) {
            remaining = contentLength;
            state = State.FIXED;
        } else {
            state = State.DONE;
        }
    }

    boolean done() {
        return state == State.DONE;
    }

    /**
     * Reads body bytes from {@code from} on, telling {@code data} where the body's data lies; returns
     * where the body ended, or {@code to} while it goes on.
     */
    int read(ByteBuf in, int from, int to, Data data) throws RefusedHead {
        int i = from;
        while (i < to && state != State.DONE) {
            if (state == State.FIXED || state == State.DATA) {
                int n = (int) Math.min(remaining, to - i);
                data.data(i, n);
                i += n;
                remaining -= n;
                if (remaining == 0) {
                    state = state == State.FIXED ? State.DONE : State.DATA_CR;
                }
            } else {
                chunked(in.getByte(i++));
            }
        }
        return i;
    }

    private void chunked(byte b) throws RefusedHead {
        if (++lineBytes > MAX_SIZE_LINE) {
            throw bad("a chunk-size or trailer line is too long");
        }
        switch (state) {
            case SIZE -> {
                int digit = Character.digit(b, 16);
                if (digit >= 0 && remaining < (1L << 56)) {
                    remaining = remaining * 16 + digit;
                } else if (b == ';' || b == ' ' || b == '\t') {
                    state = State.EXTENSION;
                } else {
                    sizeLineEnd(b);
                }
            }
            case EXTENSION -> {
                if (b == '\r' || b == '\n') {
                    sizeLineEnd(b);
                }
            }
            case SIZE_LF -> expect(b, '\n', remaining == 0 ? State.TRAILER_START : State.DATA);
            case DATA_CR -> {
                if (b == '\n') {
                    begin(State.SIZE);
                } else {
                    expect(b, '\r', State.DATA_LF);
                }
            }
            case DATA_LF -> {
                expect(b, '\n', State.SIZE);
                begin(State.SIZE);
            }
            case TRAILER_START -> state = b == '\r' ? State.END_LF : b == '\n' ? State.DONE : State.TRAILER;
            case TRAILER -> {
                if (b == '\n') {
                    begin(State.TRAILER_START);
                }
            }
            case END_LF -> expect(b, '\n', State.DONE);
            default -> throw new IllegalStateException("no chunk byte is read in state " + state);
        }
    }

    private void sizeLineEnd(byte b) throws RefusedHead {
        if (lineBytes == 1) {
            throw bad("a chunk has no size");
        }
        if (b == '\r') {
            state = State.SIZE_LF;
        } else if (b == '\n') {
            state = remaining == 0 ? State.TRAILER_START : State.DATA;
        } else {
            throw bad("a chunk size is not hexadecimal");
        }
        lineBytes = 0;
    }

    private void begin(State next) {
        state = next;
        lineBytes = 0;
        if (next == State.SIZE) {
            remaining = 0;
        }
    }

    private void expect(byte b, char wanted, State next) throws RefusedHead {
        if (b != wanted) {
            throw bad("a chunk is not framed by CRLF");
        }
        state = next;
        lineBytes = 0;
    }

    private static RefusedHead bad(String why) {
        return new RefusedHead(HttpResponseStatus.BAD_REQUEST, why);
    }
}
