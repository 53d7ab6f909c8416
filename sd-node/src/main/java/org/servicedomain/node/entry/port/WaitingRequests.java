package org.servicedomain.node.entry.port;

import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Map;

/**
 * What a relay connection read behind a request whose answer is not yet written, kept in order (and
 * not released) until its turn, and counted in bytes against a cap: the most one connection may
 * hold of what it was sent ahead.
 */
final class WaitingRequests {

    private final ArrayDeque<HttpObject> waiting = new ArrayDeque<>();
    private final long maxBytes;
    /** Bytes added since the queue was last empty: those taken since count until then, erring on the safe side. */
    private long bytes;

    WaitingRequests(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** Keeps {@code object} until taken; false when it takes what waits past the cap (it is kept all the same, to be released). */
    boolean add(HttpObject object) {
        waiting.addLast(object);
        bytes += weight(object);
        return bytes <= maxBytes;
    }

    boolean isEmpty() {
        return waiting.isEmpty();
    }

    /** The oldest piece waiting, now the caller's to release; null when none waits. */
    HttpObject take() {
        HttpObject first = waiting.pollFirst();
        if (waiting.isEmpty()) {
            bytes = 0;
        }
        return first;
    }

    /** Releases and forgets everything waiting. */
    void release() {
        while (!waiting.isEmpty()) {
            ReferenceCountUtil.release(waiting.pollFirst());
        }
        bytes = 0;
    }

    /** Bytes counted against the cap now. */
    long bytes() {
        return bytes;
    }

    long maxBytes() {
        return maxBytes;
    }

    /** Bytes a piece holds: its content, and for a head its request line and headers as they came. */
    static long weight(HttpObject object) {
        long weight = object instanceof HttpContent content ? content.content().readableBytes() : 0;
        if (object instanceof RelayRequest request) {
            weight += request.headBytes();
        } else if (object instanceof HttpRequest request) {
            weight += request.method().name().length() + request.uri().length() + request.protocolVersion().text().length() + 4 + 2; // the head's empty last line too
            Iterator<Map.Entry<CharSequence, CharSequence>> headers = request.headers().iteratorCharSequence();
            while (headers.hasNext()) {
                Map.Entry<CharSequence, CharSequence> header = headers.next();
                weight += header.getKey().length() + header.getValue().length() + 4;
            }
        }
        return weight;
    }
}
