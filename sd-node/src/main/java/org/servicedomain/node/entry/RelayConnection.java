package org.servicedomain.node.entry;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.servicedomain.node.core.ArrivingBody;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.engine.Arrival;
import org.servicedomain.node.engine.RequestTerms;
import org.servicedomain.node.engine.monitor.RequestId;
import org.servicedomain.node.engine.offload.Offload;
import org.slf4j.MDC;

/**
 * One client connection of the {@link VirtualPortRelay}: adapts HTTP/1.1 to the request chain and
 * back, one request at a time (a pipelined request waits for the answer before it). The body is
 * gathered as it arrives, within the message limit and the body timeout, and the chain starts at
 * the request's head, as on Tomcat's entry.
 */
final class RelayConnection extends ChannelInboundHandlerAdapter {

    private static final AsciiString SOAP_ACTION = AsciiString.cached("SOAPAction");
    private static final AsciiString REQUEST_ID = AsciiString.cached(RequestId.HEADER);
    private static final AsciiString TIMEOUT = AsciiString.cached(RequestTerms.TIMEOUT_HEADER);
    private static final AsciiString HOP = AsciiString.cached(Offload.HOP_HEADER);
    /** How much of a refused body is read and dropped, so the client sees the fault rather than a reset. */
    private static final long MAX_DISCARDED_BYTES = 2 * 1024 * 1024;
    /** The most a body's buffer starts with, whatever its Content-Length says: it grows as bytes arrive. */
    private static final int FIRST_BUFFER_BYTES = 16 * 1024;

    private final VirtualPortRelay.Settings settings;
    private final ArrayDeque<HttpObject> waiting = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    /** The request being answered, from its head until its answer is written. */
    private boolean busy;
    /** The body of the request being read, or null when none is. */
    private Body body;
    /** The answer went out with {@code Connection: close} while its body was still arriving. */
    private boolean closeWhenBodyEnds;

    RelayConnection(VirtualPortRelay.Settings settings) {
        this.settings = settings;
    }

    /** A request body arriving in pieces; refused when it outgrows the limit or the timeout. */
    private final class Body {
        final CompletableFuture<byte[]> bytes = new CompletableFuture<>();
        ScheduledFuture<?> timer;
        byte[] buffer;
        int size;
        long discarded;

        Body(long declared) {
            buffer = new byte[(int) Math.min(declared >= 0 ? declared : FIRST_BUFFER_BYTES, FIRST_BUFFER_BYTES)];
        }

        /** Starts the body timeout, once the body did not come with the request's head. */
        void watch() {
            if (timer == null && !bytes.isDone()) {
                timer = ctx.executor().schedule(() -> refuse("the request's body did not arrive within "
                        + settings.bodyTimeout().toMillis() + " ms"), settings.bodyTimeout().toMillis(), TimeUnit.MILLISECONDS);
            }
        }

        void add(ByteBuf content) {
            int n = content.readableBytes();
            if (bytes.isDone()) {
                discarded += n;
                if (discarded > MAX_DISCARDED_BYTES) {
                    ctx.close();
                }
                return;
            }
            if (size + (long) n > settings.maxMessageBytes()) {
                refuse("the message exceeds the limit of " + settings.maxMessageBytes() + " bytes");
                return;
            }
            if (size + n > buffer.length) {
                buffer = Arrays.copyOf(buffer, (int) Math.min(Math.max(size + n, buffer.length * 2L), settings.maxMessageBytes()));
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

        private void stopWatch() {
            if (timer != null) {
                timer.cancel(false);
            }
        }
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
        if (!(message instanceof HttpObject object)) {
            ReferenceCountUtil.release(message);
            return;
        }
        if (awaitingAnswer() || !waiting.isEmpty()) {
            waiting.addLast(object); // pipelined: kept (not released) until the answer before it is written
            return;
        }
        handle(object);
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
                body.add(content.content());
                if (object instanceof LastHttpContent && body != null) {
                    Body complete = body;
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

    private void begin(HttpRequest request) {
        busy = true;
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (request.decoderResult().isFailure()) {
            answer(HttpResponseStatus.BAD_REQUEST, "text/plain; charset=UTF-8",
                    ("bad HTTP request: " + request.decoderResult().cause().getMessage() + "\n").getBytes(StandardCharsets.UTF_8),
                    null, false);
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
        String requestId = RequestId.acceptOrCreate(request.headers().get(REQUEST_ID));
        long declared = HttpUtil.getContentLength(request, -1L);
        String contentType = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
        SoapVersion version = VirtualPortServlet.versionOf(settings.node().catalog(), portName, contentType);
        body = new Body(declared > settings.maxMessageBytes() ? 0 : declared);
        Body arriving = body;
        if (declared > settings.maxMessageBytes()) {
            arriving.refuse("the message is " + declared + " bytes; the limit is " + settings.maxMessageBytes());
        } else if (HttpUtil.is100ContinueExpected(request)) {
            ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE, Unpooled.EMPTY_BUFFER));
        }
        Arrival arrival = new Arrival(portName, contentType, request.headers().get(SOAP_ACTION), request.headers().get(TIMEOUT),
                request.headers().contains(HOP), requestId, new ArrivingBody(arriving.bytes));
        settings.inFlight().incrementAndGet();
        MDC.put(RequestId.MDC_KEY, requestId);
        try {
            settings.node().requestChain().handle(arrival).whenComplete((reply, error) -> {
                if (error == null) {
                    answer(HttpResponseStatus.valueOf(reply.status()), reply.contentType(), reply.body(), requestId, keepAlive);
                } else {
                    boolean unread = arriving.bytes.isCompletedExceptionally();
                    SoapFaultWriter.FaultResponse fault = SoapFaultWriter.forFailure(Completions.cause(error), requestId, version);
                    answer(HttpResponseStatus.valueOf(fault.status()), fault.contentType(), fault.body(), requestId,
                            keepAlive && !unread);
                }
            });
        } finally {
            MDC.remove(RequestId.MDC_KEY);
        }
    }

    private void describe(HttpRequest request, String portName, String query, boolean keepAlive) {
        VirtualPort port = settings.node().catalog().snapshot().port(portName).orElse(null);
        if (port == null) {
            text(HttpResponseStatus.NOT_FOUND, "no virtual port " + portName + "\n", keepAlive);
        } else if (!query.toLowerCase().startsWith("wsdl")) {
            text(HttpResponseStatus.OK, "Virtual port " + port.name() + " (" + port.portType() + "), SOAP "
                    + port.soapVersion().label() + ": POST SOAP requests here; the WSDL is at ?wsdl\n", keepAlive);
        } else {
            String host = request.headers().get(HttpHeaderNames.HOST, "localhost");
            String address = settings.node().config().publicBaseUrl() != null
                    ? settings.node().config().publicBaseUrl() + NodeAddress.VIRTUAL_PORTS_PATH + port.name()
                    : settings.scheme() + "://" + host + settings.pathPrefix() + port.name();
            byte[] wsdl = VirtualPortServlet.published(settings.node().policy(), port, address).getBytes(StandardCharsets.UTF_8);
            answer(HttpResponseStatus.OK, "text/xml; charset=UTF-8", wsdl, null, keepAlive);
        }
    }

    private void text(HttpResponseStatus status, String text, boolean keepAlive) {
        answer(status, "text/plain; charset=UTF-8", text.getBytes(StandardCharsets.UTF_8), null, keepAlive);
    }

    /** Writes the answer of the current request; then the connection closes, or takes the next request. */
    private void answer(HttpResponseStatus status, String contentType, byte[] bytes, String requestId, boolean keepAlive) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(bytes), false, false);
        if (contentType != null) {
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        }
        if (requestId != null) {
            response.headers().set(REQUEST_ID, requestId);
        }
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
        if (!keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        ctx.writeAndFlush(response).addListener((ChannelFutureListener) written -> {
            if (requestId != null) {
                settings.inFlight().decrementAndGet();
            }
            if (!written.isSuccess()) {
                written.channel().close();
            } else if (!keepAlive) {
                closeOnceBodyIsIn();
            } else {
                next();
            }
        });
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
        ctx.executor().schedule((Runnable) ctx::close, settings.bodyTimeout().toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The answer is out: the next pipelined request, if one came. Runs on the connection's loop. */
    private void next() {
        busy = false;
        if (body != null) {
            body.stopWatch();
            body = null;
        }
        while (!waiting.isEmpty() && !awaitingAnswer()) {
            handle(waiting.pollFirst());
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        if (body != null) {
            body.refuse("the client closed the connection before its request's body was complete");
            body = null;
        }
        while (!waiting.isEmpty()) {
            ReferenceCountUtil.release(waiting.pollFirst());
        }
    }

    /** A connection with nothing on it for the idle timeout closes; one whose request is still being answered stays. */
    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object event) {
        if (event instanceof IdleStateEvent && !busy && waiting.isEmpty()) {
            context.close();
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        context.close();
    }
}
