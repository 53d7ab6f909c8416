package org.servicedomain.node.dispatch;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.ProviderReply;

/**
 * One request to a provider on an event loop, from waiting for a connection to the last byte of
 * the answer. Everything here runs on that one loop, so its state needs no locks; it ends
 * once, with the reply or with a {@link DispatchException} naming the phase it failed in.
 */
final class ProviderExchange {

    private static final byte[] CONTENT_TYPE = HttpHead.name("Content-Type");
    private static final byte[] SOAP_ACTION = HttpHead.name("SOAPAction");
    /** Room for the head's variable headers, so that a usual request fits its first buffer. */
    private static final int HEADERS_ESTIMATE = 256;
    /** The most an answer's buffer starts with, whatever its Content-Length says: it grows as bytes arrive. */
    private static final int FIRST_BUFFER_BYTES = 16 * 1024;

    /**
     * How long a connection stays open for an answer the node stopped waiting for: the provider may
     * still be serving the request, and its place there is free only once the answer arrives.
     */
    static final Duration OVERDUE_GRACE = Duration.ofSeconds(10);

    /** Where the exchange stands, which decides what a timeout means. */
    enum Phase { WAITING, CONNECTING, SENT }

    final ProviderAddress address;
    private final byte[] body;
    private final String contentType;
    private final String soapAction;
    private final String[] extraHeaders;
    /** The whole {@code User-Agent} line. */
    private final byte[] userAgent;
    private final Duration timeout;
    private final long maxReplyBytes;
    private final CompletableFuture<ProviderReply> reply;

    private Phase phase = Phase.WAITING;
    private boolean done;
    /** The answer did not come in time and is still awaited, to be dropped ({@link #timedOut}). */
    private boolean overdue;
    private boolean reusedConnection;
    private ScheduledFuture<?> timer;
    private Channel channel;
    private int status;
    private String replyType;
    private boolean keepAlive;
    private byte[] buffer;
    private int size;

    ProviderExchange(ProviderAddress address, byte[] body, String contentType, String soapAction, String[] extraHeaders,
            byte[] userAgentLine, Duration timeout, long maxReplyBytes, CompletableFuture<ProviderReply> reply) {
        this.address = address;
        this.body = body;
        this.contentType = contentType;
        this.soapAction = soapAction;
        this.extraHeaders = extraHeaders;
        this.userAgent = userAgentLine;
        this.timeout = timeout;
        this.maxReplyBytes = maxReplyBytes;
        this.reply = reply;
    }

    /**
     * Starts the clock of the wait for a connection (a free pooled one, or a new one), which gets
     * {@code timeout}; the answer gets {@code timeout} again once the request is sent, as
     * HttpClient's connection-request and response timeouts do.
     */
    void awaitConnection(EventLoop loop) {
        timer = loop.schedule(this::timedOut, Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
    }

    boolean done() {
        return done;
    }

    void connecting() {
        phase = Phase.CONNECTING;
    }

    /**
     * The request as it goes out on {@code channel}, head and body in one buffer; {@code reused}
     * when the connection carried earlier ones.
     */
    ByteBuf sentOn(Channel on, boolean reused) {
        phase = Phase.SENT;
        channel = on;
        reusedConnection = reused;
        if (timer != null) {
            timer.cancel(false); // the wait for a connection is over; the answer's clock is the connection's (ProviderChannel)
            timer = null;
        }
        ByteBuf request = on.alloc().ioBuffer(address.postHead().length + userAgent.length + HEADERS_ESTIMATE + body.length);
        request.writeBytes(address.postHead());
        if (contentType != null) {
            HttpHead.header(request, CONTENT_TYPE, contentType);
        }
        if (soapAction != null) {
            HttpHead.header(request, SOAP_ACTION, soapAction);
        }
        for (int i = 0; i + 1 < extraHeaders.length; i += 2) {
            HttpHead.header(request, extraHeaders[i], extraHeaders[i + 1]);
        }
        request.writeBytes(userAgent);
        HttpHead.end(request, body.length);
        return request.writeBytes(body);
    }

    /**
     * The head of the answer ({@code length} -1 when not announced); false when it announces more
     * than the node passes on.
     */
    boolean head(int code, String type, boolean keepOpen, long length) {
        status = code;
        replyType = type;
        keepAlive = keepOpen;
        if (length > maxReplyBytes) {
            fail(tooLarge());
            return false;
        }
        buffer = new byte[(int) Math.min(length >= 0 ? length : FIRST_BUFFER_BYTES, FIRST_BUFFER_BYTES)];
        return true;
    }

    boolean started() {
        return status != 0;
    }

    /** Appends answer bytes; false when the answer has grown beyond the node's message limit. */
    boolean content(ByteBuf bytes) {
        int n = bytes.readableBytes();
        if (size + (long) n > maxReplyBytes) {
            fail(tooLarge());
            return false;
        }
        if (size + n > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, size + n));
        }
        bytes.readBytes(buffer, size, n);
        size += n;
        return true;
    }

    /** Whether the connection may carry another request once this answer is complete. */
    boolean keepAlive() {
        return keepAlive;
    }

    void complete() {
        if (finish()) {
            reply.complete(new ProviderReply(status, replyType, size == buffer.length ? buffer : Arrays.copyOf(buffer, size)));
        }
    }

    void fail(DispatchException failure) {
        if (finish()) {
            reply.completeExceptionally(failure);
        }
    }

    /**
     * The connection ended before the answer did. When it had carried earlier requests and no
     * answer had begun, the server most likely closed it while idle as this request went out (the
     * keep-alive race): the request counts as not sent, as HTTP clients generally treat it.
     */
    void connectionClosed() {
        boolean sent = !(reusedConnection && !started());
        fail(new DispatchException(DispatchException.Kind.CONNECTION, sent,
                "the connection closed before " + (started() ? "the whole response" : "a response") + " arrived", null));
    }

    /**
     * The connection failed before the answer ended. A reset of a reused connection before any answer
     * began is the keep-alive race as well (a server that closes with our request unread resets
     * instead of closing), so it counts as not sent, as in {@link #connectionClosed()}.
     */
    void connectionFailed(Throwable cause) {
        boolean sent = !(cause instanceof IOException && reusedConnection && !started());
        fail(new DispatchException(DispatchException.Kind.CONNECTION, sent, ProviderChannel.describe(cause), cause));
    }

    private boolean finish() {
        if (done) {
            return false;
        }
        done = true;
        if (timer != null) {
            timer.cancel(false);
        }
        return true;
    }

    /** How long the answer may take once the request is sent. */
    long answerTimeoutNanos() {
        return Math.max(1, timeout.toMillis()) * 1_000_000L;
    }

    /** Whether the answer is overdue: the exchange failed, and the connection waits for the answer only to drop it. */
    boolean overdue() {
        return overdue;
    }

    /**
     * The current phase took longer than the timeout: fails. A connection whose answer is overdue
     * stays open for it, at most {@link #OVERDUE_GRACE}, and is closed when it has come: until then
     * the provider may still be serving the request, so the failure says when it is through.
     */
    void timedOut() {
        if (done) {
            return;
        }
        long millis = timeout.toMillis();
        switch (phase) {
            case WAITING -> fail(new DispatchException(DispatchException.Kind.CONNECTION, false,
                    "no connection to " + address.hostHeader() + " free within " + millis + " ms", null));
            case CONNECTING -> fail(new DispatchException(DispatchException.Kind.TIMEOUT, false,
                    "no connection within " + millis + " ms", null));
            case SENT -> {
                overdue = true;
                CompletableFuture<Void> through = new CompletableFuture<>();
                Channel open = channel;
                open.closeFuture().addListener(closed -> through.complete(null));
                open.eventLoop().schedule(() -> open.close(), OVERDUE_GRACE.toMillis(), TimeUnit.MILLISECONDS);
                fail(new DispatchException("no response within " + millis + " ms", through));
            }
        }
    }

    private DispatchException tooLarge() {
        return new DispatchException(DispatchException.Kind.PROTOCOL, "reply larger than " + maxReplyBytes + " bytes", null);
    }
}
