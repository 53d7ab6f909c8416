package org.servicedomain.node.entry.port;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import org.servicedomain.node.engine.RequestTerms;
import org.servicedomain.node.engine.monitor.RequestId;
import org.servicedomain.node.engine.offload.Offload;
import org.servicedomain.node.tracing.TraceParent;

/**
 * The request headers the relay acts on, kept while a head is scanned; every other header is checked
 * and dropped, so a request costs no header map of what nobody reads. A header the relay starts to
 * read must be named here. Every line of a kept header is kept (a repeated {@code traceparent} makes none).
 */
final class KeptHeaders {

    static final AsciiString CONTENT_LENGTH = HttpHeaderNames.CONTENT_LENGTH;
    static final AsciiString TRANSFER_ENCODING = HttpHeaderNames.TRANSFER_ENCODING;
    private static final AsciiString[] NAMES = {
        CONTENT_LENGTH, TRANSFER_ENCODING, HttpHeaderNames.CONTENT_TYPE, AsciiString.cached("SOAPAction"),
        HttpHeaderNames.HOST, HttpHeaderNames.CONNECTION, HttpHeaderNames.EXPECT,
        AsciiString.cached(RequestId.HEADER), AsciiString.cached(RequestTerms.TIMEOUT_HEADER),
        AsciiString.cached(Offload.HOP_HEADER), AsciiString.cached(TraceParent.HEADER), AsciiString.cached(TraceParent.STATE_HEADER),
    };
    private static final String[] LOWER = Arrays.stream(NAMES).map(n -> n.toString().toLowerCase(Locale.ROOT)).toArray(String[]::new);

    private HttpHeaders headers = new DefaultHttpHeaders(false);
    private byte[] value = new byte[128];
    private int valueLength;

    /** The kept header named {@code lowerName} (as scanned, in lower case), or -1 when it is not kept. */
    static int indexOf(CharSequence lowerName) {
        for (int i = 0; i < LOWER.length; i++) {
            if (LOWER[i].length() == lowerName.length() && LOWER[i].contentEquals(lowerName)) {
                return i;
            }
        }
        return -1;
    }

    static AsciiString name(int index) {
        return NAMES[index];
    }

    /** Appends bytes of the value being read. */
    void valueBytes(byte[] from, int start, int length) {
        if (valueLength + length > value.length) {
            value = Arrays.copyOf(value, Math.max(value.length * 2, valueLength + length));
        }
        System.arraycopy(from, start, value, valueLength, length);
        valueLength += length;
    }

    void valueByte(byte b) {
        if (valueLength == value.length) {
            value = Arrays.copyOf(value, value.length * 2);
        }
        value[valueLength++] = b;
    }

    /** Ends the value being read: kept under the header {@code index} names, without its surrounding blanks. */
    String endValue(int index) {
        int from = 0;
        int to = valueLength;
        while (from < to && (value[from] == ' ' || value[from] == '\t')) {
            from++;
        }
        while (to > from && (value[to - 1] == ' ' || value[to - 1] == '\t')) {
            to--;
        }
        String text = new String(value, from, to - from, StandardCharsets.ISO_8859_1);
        valueLength = 0;
        headers.add(NAMES[index], text);
        return text;
    }

    /** The headers kept of one head; the next head's start empty. */
    HttpHeaders take() {
        HttpHeaders kept = headers;
        headers = new DefaultHttpHeaders(false);
        valueLength = 0;
        return kept;
    }

    void reset() {
        headers.clear();
        valueLength = 0;
    }
}
