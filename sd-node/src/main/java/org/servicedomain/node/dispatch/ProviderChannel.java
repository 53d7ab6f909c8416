package org.servicedomain.node.dispatch;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.servicedomain.node.core.DispatchException;

/**
 * One pooled connection to a provider: carries one {@link ProviderExchange} at a time, feeds it
 * the answer as it arrives, and gives the connection back to its {@link LoopConnections} when the
 * answer is complete and the provider keeps the connection alive.
 */
final class ProviderChannel extends ChannelInboundHandlerAdapter implements AnswerParser.Answer {

    private final LoopConnections owner;
    private final LoopConnections.Pool pool;
    private final AnswerParser answers = new AnswerParser(this);
    private Channel channel;
    private ProviderExchange current;
    /** When the current exchange's answer is overdue ({@link System#nanoTime()}). */
    private long answerDue;
    private ScheduledFuture<?> dueCheck;
    private long dueCheckAt;
    private int exchanges;
    private boolean skipping;

    ProviderChannel(LoopConnections owner, LoopConnections.Pool pool) {
        this.owner = owner;
        this.pool = pool;
    }

    void send(Channel on, ProviderExchange exchange) {
        channel = on;
        current = exchange;
        skipping = false;
        exchanges++;
        watchAnswer(channel, exchange.answerTimeoutNanos());
        channel.writeAndFlush(exchange.sentOn(channel, exchanges > 1)).addListener(written -> {
            if (!written.isSuccess() && current == exchange) {
                current = null;
                exchange.connectionClosed();
                channel.close();
            }
        });
    }

    /**
     * Moves the answer's deadline. One check per connection is pending at a time and is moved only
     * when the new deadline comes before it, so a request on a kept-alive connection costs no
     * timer scheduled and cancelled: the check, when it fires early, waits again for what is left.
     */
    private void watchAnswer(Channel channel, long timeoutNanos) {
        long now = System.nanoTime();
        answerDue = now + timeoutNanos;
        if (dueCheck != null && answerDue - dueCheckAt >= 0) {
            return;
        }
        if (dueCheck != null) {
            dueCheck.cancel(false);
        }
        scheduleDueCheck(channel, timeoutNanos, now);
    }

    private void scheduleDueCheck(Channel channel, long delayNanos, long now) {
        dueCheckAt = now + delayNanos;
        dueCheck = channel.eventLoop().schedule(() -> checkAnswerDue(channel), delayNanos, TimeUnit.NANOSECONDS);
    }

    private void checkAnswerDue(Channel channel) {
        dueCheck = null;
        ProviderExchange exchange = current;
        if (exchange == null || exchange.done()) {
            return;
        }
        long now = System.nanoTime();
        long left = answerDue - now;
        if (left > 0) {
            scheduleDueCheck(channel, left, now);
        } else {
            exchange.timedOut();
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        try {
            read(ctx.channel(), message);
        } finally {
            ReferenceCountUtil.release(message);
        }
    }

    private void read(Channel from, Object message) {
        ProviderExchange exchange = current;
        if (exchange == null || (exchange.done() && !exchange.overdue())) {
            if (!skipping) {
                skipping = true;
                from.close(); // an answer nobody waits for (timed out) leaves the connection in an unknown state
            }
            return;
        }
        if (!(message instanceof ByteBuf bytes) || !answers.read(bytes)) {
            current = null;
            from.close(); // not HTTP, or an answer the exchange refused (too large)
        }
    }

    @Override
    public boolean head(int status, String contentType, boolean keepAlive, long contentLength) {
        ProviderExchange exchange = current;
        return exchange != null && (exchange.overdue()
                || (!exchange.done() && exchange.head(status, contentType, keepAlive, contentLength)));
    }

    @Override
    public boolean content(ByteBuf bytes) {
        ProviderExchange exchange = current;
        return exchange != null && (exchange.overdue() || (exchange.started() && exchange.content(bytes)));
    }

    /** The answer is complete: to its exchange, or dropped with the connection when it came too late. */
    @Override
    public void end() {
        ProviderExchange exchange = current;
        current = null;
        if (exchange.overdue()) {
            channel.close();
            return;
        }
        if (exchange.keepAlive() && channel.isActive()) {
            owner.released(pool, channel);
        } else {
            channel.close();
        }
        exchange.complete();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (dueCheck != null) {
            dueCheck.cancel(false);
            dueCheck = null;
        }
        if (current != null && !answers.closed()) { // an answer that runs to the connection's end is complete now
            ProviderExchange exchange = current;
            current = null;
            exchange.connectionClosed();
        }
        owner.closed(pool, ctx.channel());
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ProviderExchange exchange = current;
        current = null;
        if (exchange != null) {
            exchange.connectionFailed(cause);
        }
        ctx.close();
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
