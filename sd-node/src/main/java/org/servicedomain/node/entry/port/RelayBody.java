package org.servicedomain.node.entry.port;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/**
 * The body of a request on a {@link RelayConnection}, gathered as its pieces arrive; refused when it
 * outgrows the message limit or the body timeout, or arrives below the minimum rate. Its timers run
 * on the connection's loop, as everything else of the connection does.
 */
final class RelayBody {

    /** How much of a refused body is read and dropped, so the client sees the fault rather than a reset. */
    private static final long MAX_DISCARDED_BYTES = 2 * 1024 * 1024;
    /** The most a body's buffer starts with, whatever its Content-Length says: it grows as bytes arrive. */
    private static final int FIRST_BUFFER_BYTES = 16 * 1024;

    private final CompletableFuture<byte[]> bytes = new CompletableFuture<>();
    private final ChannelHandlerContext ctx;
    private final BodyPolicy policy;
    private ScheduledFuture<?> timer;
    private ScheduledFuture<?> rateCheck;
    private byte[] buffer;
    private int size;
    private long discarded;

    /** @param declared the request's Content-Length, or -1 when it has none */
    RelayBody(ChannelHandlerContext ctx, BodyPolicy policy, long declared) {
        this.ctx = ctx;
        this.policy = policy;
        this.buffer = new byte[(int) Math.min(declared >= 0 ? declared : FIRST_BUFFER_BYTES, FIRST_BUFFER_BYTES)];
    }

    /** The whole body once it is in, or a {@code BadRequest} fault when it was refused. */
    CompletableFuture<byte[]> bytes() {
        return bytes;
    }

    /** Starts the body timeout, once the body did not come with the request's head. */
    void watch() {
        if (timer == null && !bytes.isDone()) {
            timer = ctx.executor().schedule(() -> refuse(policy.tooLong()), policy.timeout().toMillis(), TimeUnit.MILLISECONDS);
            rateCheck = watchRate();
        }
    }

    /** Checks the minimum body rate once per rate window, on the connection's loop, as Tomcat's entry does. */
    private ScheduledFuture<?> watchRate() {
        if (policy.minBytesPerSecond() == 0) {
            return null;
        }
        BodyRate rate = new BodyRate(policy, System.nanoTime(), size);
        long window = policy.rateWindow().toMillis();
        return ctx.executor().scheduleWithFixedDelay(() -> {
            if (rate.tooSlow(System.nanoTime(), size)) {
                refuse(rate.refusal());
            }
        }, window, window, TimeUnit.MILLISECONDS);
    }

    /** Takes a piece of the body; once the body is refused, drops it, up to a bound past which the connection closes. */
    void add(ByteBuf content) {
        int n = content.readableBytes();
        if (bytes.isDone()) {
            discarded += n;
            if (discarded > MAX_DISCARDED_BYTES) {
                ctx.close();
            }
            return;
        }
        if (size + (long) n > policy.maxBytes()) {
            refuse(policy.overLimit());
            return;
        }
        if (size + n > buffer.length) {
            buffer = Arrays.copyOf(buffer, (int) Math.min(Math.max(size + n, buffer.length * 2L), policy.maxBytes()));
        }
        content.readBytes(buffer, size, n);
        size += n;
    }

    void end() {
        stopWatch();
        bytes.complete(size == buffer.length ? buffer : Arrays.copyOf(buffer, size));
    }

    void refuse(String why) {
        stopWatch();
        bytes.completeExceptionally(new NodeFault(FaultCode.BadRequest, why));
    }

    void stopWatch() {
        if (timer != null) {
            timer.cancel(false);
        }
        if (rateCheck != null) {
            rateCheck.cancel(false);
        }
    }
}
