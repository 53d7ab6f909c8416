package org.servicedomain.node.outbound;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The node's HTTP(S) requests other than the relayed SOAP messages (a WSDL, a probe, an event, a
 * peer's load, a session placed at a member, a call to a child node), on the node's event loops with
 * the connect timeout, TLS and network checks of its {@link Outbound}. Each call opens its own
 * connection and closes it with the answer: these calls are few, and a kept connection would only
 * outlive a provider's address change. The answer (or an {@link IOException} saying why there is none)
 * completes on an event loop: a caller chains non-blocking work only, or waits with {@link #await}.
 */
public final class HttpCalls {

    private final Outbound outbound;
    private final Outbound.Reach reach;
    private final String userAgent;
    private final List<EventLoop> loops;
    private final AtomicInteger next = new AtomicInteger();

    HttpCalls(Outbound outbound, Outbound.Reach reach, String userAgent) {
        this.outbound = outbound;
        this.reach = reach;
        this.userAgent = userAgent;
        this.loops = outbound.eachLoop();
    }

    /**
     * Sends {@code call}; the future fails with an {@link IOException} when no answer comes.
     *
     * @throws IllegalStateException when the node is closing, so nothing is sent
     */
    public CompletableFuture<OutboundAnswer> send(OutboundCall call) {
        EventLoop loop = loops.get(Math.floorMod(next.getAndIncrement(), loops.size()));
        if (loop.isShuttingDown()) { // a closed loop would never report the connect's outcome
            throw new IllegalStateException("the node is closing: nothing is sent to " + call.uri().getRawAuthority());
        }
        CompletableFuture<OutboundAnswer> answer = new CompletableFuture<>();
        CallExchange exchange = new CallExchange(call, userAgent, answer);
        Bootstrap bootstrap = outbound.bootstrap(loop, reach).handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel channel) {
                if (call.tls()) {
                    channel.pipeline().addLast(outbound.tls(channel.alloc(), call.host(), call.port()));
                }
                channel.pipeline().addLast(new HttpClientCodec(),
                        new HttpObjectAggregator((int) Math.min(Integer.MAX_VALUE - 8, call.maxAnswerBytes())), exchange);
            }
        });
        ChannelFuture connected = bootstrap.connect(call.host(), call.port());
        connected.addListener(done -> {
            if (done.isSuccess()) {
                exchange.send(connected.channel());
            } else {
                exchange.fail(done.cause());
            }
        });
        return answer;
    }

    /**
     * Sends {@code call} and waits for its answer, for a caller that is not on an event loop (a
     * registration, a timer's thread); any failure is an {@link IOException} that says why.
     */
    public OutboundAnswer await(OutboundCall call) throws IOException {
        if (loops.stream().anyMatch(EventLoop::inEventLoop)) {
            throw new IllegalStateException("a call waited for on an event loop would hold up every connection on it");
        }
        long most = outbound.settings().connectTimeout().plus(call.timeout()).toMillis() * 2 + 1000;
        CompletableFuture<OutboundAnswer> answer;
        try {
            answer = send(call);
        } catch (IllegalStateException e) {
            throw new IOException(e.getMessage(), e);
        }
        try {
            return answer.get(most, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (TimeoutException e) {
            answer.cancel(false);
            throw new InterruptedIOException("no answer from " + call.uri().getHost() + " within " + most + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for " + call.uri().getHost());
        }
    }
}
