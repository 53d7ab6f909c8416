package org.servicedomain.node.entry.port;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.servicedomain.node.core.ArrivingBody;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client connection of the {@link VirtualPortRelay}: adapts HTTP/1.1 to the request chain and
 * back, one request at a time (a pipelined request waits for the answer before it). The body is
 * gathered as it arrives, within the message limit and the body timeout, and the chain starts at
 * the request's head, as on Tomcat's entry.
 * <p>
 * Reading pauses once something arrives behind a request whose answer is not yet written, and
 * while the connection cannot take more output; it resumes when the answer is out and nothing is
 * left waiting. What was read before the pause waits, up to {@link VirtualPortRelay.Settings#maxQueuedBytes()};
 * beyond that the connection is refused: the answer under way goes out with {@code Connection: close}.
 */
final class RelayConnection extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(RelayConnection.class);

    private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

    private final VirtualPortRelay.Settings settings;
    private final WaitingRequests waiting;
    private ChannelHandlerContext ctx;
    /** The request being answered, from its head until its answer is written. */
    private boolean busy;
    /** The body of the request being read, or null when none is. */
    private RelayBody body;
    /** The answer went out with {@code Connection: close} while its body was still arriving. */
    private boolean closeWhenBodyEnds;
    /** The current request is a HEAD: its answer has a head only. */
    private boolean headRequest;
    /** A body's framing broke: nothing after it can be read, so the answer closes the connection. */
    private boolean framingBroken;
    /** More than the most a connection may queue arrived: what waits is dropped and the connection closes after its answer. */
    private boolean overQueued;
    /** Reading is paused (auto-read off) by this connection. */
    private boolean paused;
    /** An answer is being written and not yet all taken by the socket. */
    private boolean writing;

    RelayConnection(VirtualPortRelay.Settings settings) {
        this.settings = settings;
        this.waiting = new WaitingRequests(settings.maxQueuedBytes());
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
        if (!(message instanceof HttpObject object) || overQueued) {
            ReferenceCountUtil.release(message);
            return;
        }
        if (awaitingAnswer() || !waiting.isEmpty()) {
            queue(object);
            return;
        }
        handle(object);
    }

    /**
     * Keeps a pipelined piece (not released) until the answer before it is written, and pauses
     * reading meanwhile: the rest stays in the client's and the kernel's buffers, under TCP's flow
     * control. Past the most a connection may queue, it is refused.
     */
    private void queue(HttpObject object) {
        pause();
        if (!waiting.add(object)) {
            refuseQueue();
        }
    }

    private void refuseQueue() {
        overQueued = true;
        settings.overQueued().increment();
        LOG.debug("refusing the connection from {}: more than {} bytes pipelined behind an answer not yet written",
                ctx.channel().remoteAddress(), waiting.maxBytes());
        waiting.release();
        if (!busy) {
            ctx.close();
        }
    }

    private void pause() {
        if (!paused) {
            paused = true;
            ctx.channel().config().setAutoRead(false);
        }
    }

    /** Reads again once nothing waits, no answer is pending and the connection takes output. */
    private void resumeWhenClear() {
        if (paused && waiting.isEmpty() && !awaitingAnswer() && !overQueued && ctx.channel().isWritable()) {
            paused = false;
            ctx.channel().config().setAutoRead(true);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) {
        if (!context.channel().isWritable()) {
            pause();
        } else {
            resumeWhenClear();
        }
        context.fireChannelWritabilityChanged();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext context) {
        if (body != null) {
            body.watch();
        }
    }

    /** Whether the current request is all read and its answer not yet written: what comes next must wait. */
    private boolean awaitingAnswer() {
        return busy && body == null;
    }

    private void handle(HttpObject object) {
        try {
            if (object instanceof HttpRequest request) {
                begin(request);
            }
            if (object instanceof HttpContent content && body != null) {
                if (content.decoderResult().isFailure()) {
                    malformedBody(content);
                    return;
                }
                body.add(content.content());
                if (object instanceof LastHttpContent && body != null) {
                    RelayBody complete = body;
                    body = null;
                    complete.end();
                    if (closeWhenBodyEnds) {
                        ctx.close();
                    }
                }
            }
        } finally {
            ReferenceCountUtil.release(object);
        }
    }

    /**
     * A body whose framing broke halfway (a bad chunk size): refused, never dispatched, and the
     * connection closed after the answer, since where the next request starts is unknown.
     */
    private void malformedBody(HttpContent content) {
        framingBroken = true;
        RelayBody broken = body;
        body = null;
        broken.refuse("the request's body is malformed: " + content.decoderResult().cause().getMessage());
    }

    private void begin(HttpRequest request) {
        busy = true;
        headRequest = HttpMethod.HEAD.equals(request.method());
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (request.decoderResult().isFailure()) {
            answer(FrontAnswer.text(RefusedHead.statusOf(request.decoderResult().cause()).code(), "bad HTTP request: "
                    + request.decoderResult().cause().getMessage() + "\n"), false);
            return;
        }
        String uri = request.uri();
        int query = uri.indexOf('?');
        String path = query < 0 ? uri : uri.substring(0, query);
        if (!path.startsWith(settings.pathPrefix()) || path.length() == settings.pathPrefix().length()) {
            text(HttpResponseStatus.NOT_FOUND, "no virtual port at " + path + "\n", keepAlive);
            return;
        }
        String portName = path.substring(settings.pathPrefix().length());
        if (HttpMethod.GET.equals(request.method())) {
            describe(request, portName, query < 0 ? "" : uri.substring(query + 1), keepAlive);
        } else if (HttpMethod.POST.equals(request.method())) {
            post(request, portName, keepAlive);
        } else {
            text(HttpResponseStatus.METHOD_NOT_ALLOWED, "POST SOAP requests here; GET ?wsdl for the WSDL\n", keepAlive);
        }
    }

    private void post(HttpRequest request, String portName, boolean keepAlive) {
        long declared = HttpUtil.getContentLength(request, -1L);
        BodyPolicy policy = settings.front().bodyPolicy();
        RelayBody arriving = new RelayBody(ctx, policy, declared > policy.maxBytes() ? 0 : declared);
        body = arriving;
        if (declared > policy.maxBytes()) {
            arriving.refuse(policy.tooLarge(declared));
        } else if (HttpUtil.is100ContinueExpected(request)) {
            ctx.writeAndFlush(Unpooled.wrappedBuffer(CONTINUE));
        }
        settings.inFlight().incrementAndGet();
        settings.front().call(RelayCallHead.of(portName, request.headers()), new ArrivingBody(arriving.bytes()))
                .answer().thenAccept(answer -> answer(answer, keepAlive && !answer.close()));
    }

    private void describe(HttpRequest request, String portName, String query, boolean keepAlive) {
        InetSocketAddress local = (InetSocketAddress) ctx.channel().localAddress();
        String host = request.headers().get(HttpHeaderNames.HOST);
        if (host != null && !AskedAddress.isValidHost(host)) {
            text(HttpResponseStatus.BAD_REQUEST, "the Host header is not a host name or address with an optional port\n", false);
            return;
        }
        AskedAddress asked = AskedAddress.fromHostHeader(settings.scheme(), host,
                local.getAddress().getHostAddress(), local.getPort(), settings.contextPath());
        answer(settings.front().describe(portName, query, asked), keepAlive);
    }

    private void text(HttpResponseStatus status, String text, boolean keepAlive) {
        answer(FrontAnswer.text(status.code(), text), keepAlive);
    }

    /** Writes the answer of the current request; then the connection closes, or takes the next request. */
    private void answer(FrontAnswer answer, boolean keepAliveAsked) {
        boolean keepAlive = keepAliveAsked && !framingBroken && !overQueued;
        String requestId = answer.requestId();
        ByteBuf response = RelayAnswer.render(ctx.alloc(), answer, keepAlive, headRequest);
        long readPause = answer.readPause().toNanos();
        if (readPause > 0) {
            pause();
        }
        writing = true;
        ctx.writeAndFlush(response).addListener((ChannelFutureListener) written -> {
            writing = false;
            if (requestId != null) {
                settings.inFlight().decrementAndGet();
            }
            if (!written.isSuccess() || overQueued) {
                written.channel().close();
            } else if (!keepAlive) {
                closeOnceBodyIsIn();
            } else if (readPause > 0) {
                ctx.executor().schedule(this::nextIfOpen, readPause, TimeUnit.NANOSECONDS);
            } else {
                next();
            }
        });
    }

    /** The next request after a refusal's pause, unless the connection closed meanwhile. */
    private void nextIfOpen() {
        if (ctx.channel().isActive()) {
            next();
        }
    }

    /**
     * Closes the connection after a last answer; when the client is still sending that request's
     * body, only once the body is in (dropped unread), so the client reads the answer instead of a reset.
     */
    private void closeOnceBodyIsIn() {
        if (body == null) {
            ctx.close();
            return;
        }
        closeWhenBodyEnds = true;
        ctx.executor().schedule((Runnable) ctx::close, settings.front().bodyPolicy().timeout().toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The answer is out: the next pipelined request, if one came. Runs on the connection's loop. */
    private void next() {
        busy = false;
        if (body != null) {
            body.stopWatch();
            body = null;
        }
        while (!waiting.isEmpty() && !awaitingAnswer()) {
            handle(waiting.take());
        }
        if (body != null) {
            body.watch(); // a pipelined request's body, picked up outside a read event, is timed too
        }
        resumeWhenClear();
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        if (body != null) {
            body.refuse("the client closed the connection before its request's body was complete");
            body = null;
        }
        waiting.release();
    }

    /**
     * A connection with nothing on it for the idle timeout closes; one whose request is still being
     * answered stays, unless its answer has been waiting that long to be written (a client that
     * does not read its answers: the idle handler counts a write that makes progress as activity).
     */
    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object event) {
        if (event instanceof IdleStateEvent && ((!busy && waiting.isEmpty()) || writing || !context.channel().isWritable())) {
            context.close();
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        context.close();
    }
}
