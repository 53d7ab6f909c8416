package org.servicedomain.samples.provider;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A request whose body was read before it waited for a worker and is replayed to the service, so
 * the provider knows which symbol each call asked for while it waits or is served: what a benchmark
 * of priority classes checks (that no high-class call waited behind a call of another class). Only
 * used when the provider serves a limited number of calls at once.
 */
final class ReadAheadRequest extends HttpServletRequestWrapper {

    private static final String ELEMENT_END = "symbol>";

    private final byte[] body;
    private final String symbol;

    private ReadAheadRequest(HttpServletRequest request, byte[] body) {
        super(request);
        this.body = body;
        this.symbol = symbolIn(new String(body, 0, Math.min(body.length, 4096), StandardCharsets.UTF_8));
    }

    /** Reads the whole body of {@code request} now. */
    static ReadAheadRequest of(HttpServletRequest request) throws IOException {
        return new ReadAheadRequest(request, request.getInputStream().readAllBytes());
    }

    /** The text of the first element named {@code symbol} (in any namespace), or "-" when there is none. */
    String symbol() {
        return symbol;
    }

    @Override
    public ServletInputStream getInputStream() {
        ByteArrayInputStream in = new ByteArrayInputStream(body);
        return new ServletInputStream() {
            @Override
            public int read() {
                return in.read();
            }

            @Override
            public int read(byte[] buffer, int offset, int length) {
                return in.read(buffer, offset, length);
            }

            @Override
            public boolean isFinished() {
                return in.available() == 0;
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setReadListener(ReadListener listener) {
                throw new IllegalStateException("the body was read ahead; read it blocking");
            }
        };
    }

    @Override
    public int getContentLength() {
        return body.length;
    }

    @Override
    public long getContentLengthLong() {
        return body.length;
    }

    private static String symbolIn(String head) {
        int at = head.indexOf(ELEMENT_END);
        while (at > 0 && !opensElement(head, at)) {
            at = head.indexOf(ELEMENT_END, at + 1);
        }
        if (at <= 0) {
            return "-";
        }
        int start = at + ELEMENT_END.length();
        int end = head.indexOf('<', start);
        return end < 0 ? "-" : head.substring(start, end).trim();
    }

    /** Whether the name ending at {@code at} is an opening tag's: {@code <symbol>} or {@code <p:symbol>}. */
    private static boolean opensElement(String head, int at) {
        int tag = head.lastIndexOf('<', at);
        return tag >= 0 && tag + 1 < head.length() && head.charAt(tag + 1) != '/'
                && (tag == at - 1 || head.substring(tag + 1, at).matches("[A-Za-z_][\\w.-]*:"));
    }
}
