package org.servicedomain.node.entry.port;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.servicedomain.node.dispatch.HttpHead;
import org.servicedomain.node.engine.monitor.RequestId;

/** The HTTP/1.1 bytes of a {@link FrontAnswer} on the relay: status line, content type, request id, length, body. */
final class RelayAnswer {

    private static final byte[] CONTENT_TYPE_NAME = HttpHead.name("Content-Type");
    private static final byte[] REQUEST_ID_NAME = HttpHead.name(RequestId.HEADER);
    private static final byte[] CONNECTION_CLOSE = HttpHead.line("Connection", "close");
    /** Room for an answer's head, so that a usual answer fits its first buffer. */
    private static final int HEAD_ESTIMATE = 160;

    private RelayAnswer() {
    }

    /**
     * @param keepAlive whether the connection stays open after it (else it says {@code Connection: close})
     * @param headOnly  whether it answers a HEAD request: the length of the body, without the body
     */
    static ByteBuf render(ByteBufAllocator alloc, FrontAnswer answer, boolean keepAlive, boolean headOnly) {
        byte[] body = answer.body();
        ByteBuf response = alloc.ioBuffer(HEAD_ESTIMATE + body.length);
        HttpHead.statusLine(response, answer.status());
        if (answer.contentType() != null) {
            HttpHead.header(response, CONTENT_TYPE_NAME, answer.contentType());
        }
        if (answer.requestId() != null) {
            HttpHead.header(response, REQUEST_ID_NAME, answer.requestId());
        }
        if (!keepAlive) {
            response.writeBytes(CONNECTION_CLOSE);
        }
        HttpHead.end(response, body.length);
        if (!headOnly) {
            response.writeBytes(body);
        }
        return response;
    }
}
