package org.servicedomain.node.entry.port;

import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;

/**
 * A request head as the relay's {@link StrictHttpDecoder} read it: the headers the relay acts on,
 * and how many bytes the whole head took on the wire, which is what a pipelined head weighs.
 */
final class RelayRequest extends DefaultHttpRequest {

    private final int headBytes;

    RelayRequest(HttpVersion version, HttpMethod method, String target, HttpHeaders kept, int headBytes) {
        super(version, method, target, kept);
        this.headBytes = headBytes;
    }

    int headBytes() {
        return headBytes;
    }
}
