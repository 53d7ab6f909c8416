package org.servicedomain.node.outbound;

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One {@link OutboundCall} on a connection of its own: writes the request once connected, reads the
 * whole answer, and ends the future once, with the answer or an {@link IOException} of the phase that
 * failed (the connect's own, {@link SocketTimeoutException} when the answer is late,
 * {@link AnswerTooLargeException}, or the TLS handshake's {@code SSLException}). Runs on one event loop.
 */
final class CallExchange extends SimpleChannelInboundHandler<FullHttpResponse> {

    private final OutboundCall call;
    private final String userAgent;
    private final CompletableFuture<OutboundAnswer> answer;
    private Channel channel;
    private ScheduledFuture<?> due;

    CallExchange(OutboundCall call, String userAgent, CompletableFuture<OutboundAnswer> answer) {
        this.call = call;
        this.userAgent = userAgent;
        this.answer = answer;
    }

    /** Writes the request on {@code connected} and starts the answer's clock. */
    void send(Channel connected) {
        channel = connected;
        if (answer.isDone()) { // cancelled by a caller that stopped waiting
            connected.close();
            return;
        }
        due = connected.eventLoop().schedule(() -> fail(new SocketTimeoutException("no answer within " + call.timeout().toMillis() + " ms")),
                Math.max(1, call.timeout().toMillis()), TimeUnit.MILLISECONDS);
        connected.writeAndFlush(request()).addListener(written -> {
            if (!written.isSuccess()) {
                fail(written.cause());
            }
        });
    }

    private FullHttpRequest request() {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(call.method()), call.target(),
                Unpooled.wrappedBuffer(call.body()));
        request.headers().set(HttpHeaderNames.HOST, call.uri().getRawAuthority())
                .set(HttpHeaderNames.USER_AGENT, userAgent)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE)
                .set(HttpHeaderNames.CONTENT_LENGTH, call.body().length);
        for (int i = 0; i + 1 < call.headers().size(); i += 2) {
            request.headers().set(call.headers().get(i), call.headers().get(i + 1));
        }
        return request;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
        Map<String, String> headers = new HashMap<>();
        response.headers().forEach(h -> headers.putIfAbsent(h.getKey().toLowerCase(Locale.ROOT), h.getValue()));
        answer.complete(new OutboundAnswer(response.status().code(), headers, ByteBufUtil.getBytes(response.content())));
        end();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(cause);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        fail(new IOException("the connection to " + call.uri().getRawAuthority() + " closed before the whole answer arrived"));
    }

    /** Ends the call with {@code cause} as an {@link IOException}, unless it has ended already, and closes the connection. */
    void fail(Throwable cause) {
        answer.completeExceptionally(failure(cause));
        end();
    }

    private void end() {
        if (due != null) {
            due.cancel(false);
        }
        if (channel != null) {
            channel.close();
        }
    }

    private IOException failure(Throwable cause) {
        Throwable root = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        if (root instanceof TooLongFrameException) {
            return new AnswerTooLargeException(call.maxAnswerBytes());
        }
        return root instanceof IOException io ? io : new IOException(root.toString(), root);
    }
}
