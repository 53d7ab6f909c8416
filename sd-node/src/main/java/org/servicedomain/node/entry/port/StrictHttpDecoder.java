package org.servicedomain.node.entry.port;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relay's HTTP/1.1 request decoder, held to Tomcat's rules in one pass over the bytes: each
 * request's head is checked as it is read ({@link HeadScanner}) and must be complete within the
 * header timeout, counted from the connection's opening for the first request and from the end of
 * the first read that brought part of a later request's head (before that the idle timeout applies,
 * as Tomcat's keepAliveTimeout). A sound head goes on as a {@link RelayRequest}; its body follows as
 * pieces of the read buffer, chunk framing left out ({@link BodyFraming}), the last one a
 * {@link LastHttpContent}.
 * <p>
 * A refused head goes on as a request that failed to decode, so {@link RelayConnection} answers it
 * after any answer before it, with the refusal's status, and closes; a body whose chunk framing
 * breaks ends in a failed last piece. Nothing after a refusal is read.
 */
final class StrictHttpDecoder extends ChannelInboundHandlerAdapter implements BodyFraming.Data {

    private static final Logger LOG = LoggerFactory.getLogger(StrictHttpDecoder.class);

    private final Duration headerTimeout;
    private final HeadScanner head = new HeadScanner();
    private final BodyFraming body = new BodyFraming();
    private boolean inBody;
    private boolean refused;
    private ScheduledFuture<?> headTimer;
    private ChannelHandlerContext ctx;
    /** The read being decoded, and the body data of it not yet passed on (-1: none). */
    private ByteBuf reading;
    private int dataFrom = -1;
    private int dataLength;

    StrictHttpDecoder(Duration headerTimeout) {
        this.headerTimeout = headerTimeout;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
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
        reading = in;
        try {
            decode(ctx, in);
        } catch (RefusedHead refusal) {
            refused(ctx, refusal);
        } finally {
            reading = null;
            in.release();
        }
    }

    private void decode(ChannelHandlerContext ctx, ByteBuf in) throws RefusedHead {
        int at = in.readerIndex();
        int to = in.writerIndex();
        while (at < to && !refused) {
            if (inBody) {
                at = body.read(in, at, to, this);
                inBody = !body.done();
                if (!inBody) {
                    passData(ctx, true);
                }
            } else {
                int last = head.scan(in, at, to);
                if (last < 0) {
                    at = to;
                } else {
                    at = last + 1;
                    headRead(ctx);
                }
            }
        }
        passData(ctx, false);
        if (!inBody && !refused && !head.notStarted()) {
            startHeadTimer(ctx); // a head split over reads: the common one-read head costs no timer
        }
    }

    private void headRead(ChannelHandlerContext ctx) {
        stopHeadTimer();
        RelayRequest request = head.request();
        body.start(head.contentLength(), head.chunked());
        head.reset();
        inBody = !body.done();
        ctx.fireChannelRead(request);
        if (!inBody) {
            ctx.fireChannelRead(LastHttpContent.EMPTY_LAST_CONTENT);
        }
    }

    /** Body data at {@code from}: kept until the next piece, or the read's or the body's end, so a body read at once is one piece. */
    @Override
    public void data(int from, int length) {
        if (dataFrom >= 0 && dataFrom + dataLength == from) {
            dataLength += length;
            return;
        }
        passData(ctx, false); // the next chunk of a chunked body
        dataFrom = from;
        dataLength = length;
    }

    /** Passes on the body data kept; when {@code last}, as the body's last piece (empty when no data is kept). */
    private void passData(ChannelHandlerContext ctx, boolean last) {
        ByteBuf data = dataFrom < 0 ? null : reading.retainedSlice(dataFrom, dataLength);
        dataFrom = -1;
        if (last) {
            ctx.fireChannelRead(data == null ? LastHttpContent.EMPTY_LAST_CONTENT : new DefaultLastHttpContent(data, false));
        } else if (data != null) {
            ctx.fireChannelRead(new DefaultHttpContent(data));
        }
    }

    /** A refused head is answered in its turn; a body whose chunk framing broke ends there, failed. */
    private void refused(ChannelHandlerContext ctx, RefusedHead refusal) {
        if (!inBody) {
            refuse(ctx, refusal);
            return;
        }
        LOG.debug("a chunked body from {} is malformed: {}", ctx.channel().remoteAddress(), refusal.getMessage());
        refused = true;
        passData(ctx, false);
        LastHttpContent broken = new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER, false);
        broken.setDecoderResult(DecoderResult.failure(refusal));
        ctx.fireChannelRead(broken);
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
