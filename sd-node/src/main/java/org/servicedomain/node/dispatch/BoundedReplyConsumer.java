package org.servicedomain.node.dispatch;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.hc.client5.http.async.methods.AbstractBinResponseConsumer;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpResponse;
import org.servicedomain.node.core.ProviderReply;

/**
 * Collects an HTTP answer into a {@link ProviderReply} as its bytes arrive on the I/O thread,
 * refusing one larger than the node's message limit before it is all in memory.
 */
public final class BoundedReplyConsumer extends AbstractBinResponseConsumer<ProviderReply> {

    private final long maxBytes;
    private volatile int status;
    private String contentType;
    private byte[] buffer = new byte[4096];
    private int size;

    public BoundedReplyConsumer(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    protected void start(HttpResponse response, ContentType ignored) {
        status = response.getCode();
        Header type = response.getFirstHeader("Content-Type");
        contentType = type == null ? null : type.getValue();
    }

    /** Whether the head of a response has arrived. */
    boolean responseStarted() {
        return status != 0;
    }

    @Override
    protected int capacityIncrement() {
        return Integer.MAX_VALUE;
    }

    @Override
    protected void data(ByteBuffer src, boolean endOfStream) throws IOException {
        int n = src.remaining();
        if (size + (long) n > maxBytes) {
            throw new ReplyTooLargeException("reply larger than " + maxBytes + " bytes");
        }
        if (size + n > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, size + n));
        }
        src.get(buffer, size, n);
        size += n;
    }

    @Override
    protected ProviderReply buildResult() {
        return new ProviderReply(status, contentType, Arrays.copyOf(buffer, size));
    }

    @Override
    public void releaseResources() {
        // the buffer goes with this consumer, one per exchange
    }

    /** The instance answered more than the node passes on. */
    public static final class ReplyTooLargeException extends IOException {
        public ReplyTooLargeException(String message) {
            super(message);
        }
    }
}
