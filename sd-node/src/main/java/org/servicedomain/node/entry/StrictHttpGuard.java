package org.servicedomain.node.entry;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sits before the relay's HTTP decoder and holds its input to Tomcat's rules: each request's head is
 * checked ({@link HeadScanner}) before its last byte reaches the decoder, and must be complete
 * within the header timeout, counted from the connection's opening for the first request and from
 * the end of the first read that brought part of a later request's head (before that the idle
 * timeout applies, as Tomcat's keepAliveTimeout).
 * A refused request goes on as a request that failed to decode, so {@link RelayConnection} answers
 * it after any answer before it, with the refusal's status, and closes; nothing after it is read.
 * Bodies pass untouched, skipped by their framing ({@link BodySkipper}).
 */
final class StrictHttpGuard extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(StrictHttpGuard.class);

    private final Duration headerTimeout;
    private final HeadScanner head = new HeadScanner();
    private final BodySkipper body = new BodySkipper();
    private boolean inBody;
    private boolean refused;
    private ScheduledFuture<?> headTimer;

    StrictHttpGuard(Duration headerTimeout) {
        this.headerTimeout = headerTimeout;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        startHeadTimer(ctx);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        if (refused) {
            ReferenceCountUtil.release(message);
            return;
        }
        if (!(message instanceof ByteBuf in)) {
            ctx.fireChannelRead(message);
            return;
        }
        int from = in.readerIndex();
        int to = in.writerIndex();
        int at = from;
        try {
            while (at < to) {
                if (inBody) {
                    at = body.skip(in, at, to);
                    inBody = !body.done();
                } else {
                    int last = head.scan(in, at, to);
                    if (last < 0) {
                        at = to;
                    } else {
                        at = last + 1;
                        stopHeadTimer();
                        body.start(head.contentLength(), head.chunked());
                        head.reset();
                        inBody = !body.done();
                    }
                }
            }
        } catch (RefusedHead refusal) {
            refused(ctx, in, from, inBody ? at : at + head.scanned(), refusal);
            return;
        }
        if (!inBody && !head.notStarted()) {
            startHeadTimer(ctx); // a head split over reads: the common one-read head costs no timer
        }
        ctx.fireChannelRead(in);
    }

    /**
     * A refused head: the bytes before its refused one go on (they end no head the decoder could
     * complete), then the refusal. A broken chunk is the decoder's to answer: it gets the bytes as they are.
     */
    private void refused(ChannelHandlerContext ctx, ByteBuf in, int from, int at, RefusedHead refusal) {
        if (inBody) {
            LOG.debug("a chunked body from {} is malformed: {}", ctx.channel().remoteAddress(), refusal.getMessage());
            refused = true;
            ctx.fireChannelRead(in);
            return;
        }
        ByteBuf before = in.retainedSlice(from, at - 1 - from);
        in.release();
        ctx.fireChannelRead(before);
        refuse(ctx, refusal);
    }

    private void startHeadTimer(ChannelHandlerContext ctx) {
        if (headTimer == null) {
            headTimer = ctx.executor().schedule(() -> headTimedOut(ctx), headerTimeout.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /**
     * The head is late, unless the relay paused reading (an answer before it is not yet written):
     * then the client cannot send the rest, and the timeout starts over; a client that does not read
     * its answers is closed at the idle timeout instead.
     */
    private void headTimedOut(ChannelHandlerContext ctx) {
        headTimer = null;
        if (!ctx.channel().config().isAutoRead()) {
            startHeadTimer(ctx);
            return;
        }
        refuse(ctx, new RefusedHead(HttpResponseStatus.REQUEST_TIMEOUT,
                "the request's head did not arrive within " + headerTimeout.toMillis() + " ms"));
    }

    private void stopHeadTimer() {
        if (headTimer != null) {
            headTimer.cancel(false);
            headTimer = null;
        }
    }

    private void refuse(ChannelHandlerContext ctx, RefusedHead refusal) {
        if (refused) {
            return;
        }
        refused = true;
        stopHeadTimer();
        LOG.debug("refusing a request from {} with {}: {}", ctx.channel().remoteAddress(), refusal.status(), refusal.getMessage());
        DefaultFullHttpRequest failed = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/", Unpooled.EMPTY_BUFFER);
        failed.setDecoderResult(DecoderResult.failure(refusal));
        ctx.fireChannelRead(failed);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        stopHeadTimer();
        ctx.fireChannelInactive();
    }
}
