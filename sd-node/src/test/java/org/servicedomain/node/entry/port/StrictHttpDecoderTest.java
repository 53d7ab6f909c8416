package org.servicedomain.node.entry.port;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StrictHttpDecoderTest {

    private final EmbeddedChannel channel = new EmbeddedChannel(new StrictHttpDecoder(Duration.ofSeconds(30)));

    private void send(String bytes, int pieceSize) {
        for (int at = 0; at < bytes.length(); at += pieceSize) {
            channel.writeInbound(Unpooled.copiedBuffer(bytes.substring(at, Math.min(bytes.length(), at + pieceSize)),
                    StandardCharsets.ISO_8859_1));
        }
    }

    /** What came out: each head as "METHOD target", each body as its text, "|" after a last piece. */
    private List<String> decoded() {
        List<String> out = new ArrayList<>();
        StringBuilder body = new StringBuilder();
        for (Object message = channel.readInbound(); message != null; message = channel.readInbound()) {
            if (message instanceof HttpRequest request) {
                out.add(request.method() + " " + request.uri() + (request.decoderResult().isFailure()
                        ? " refused: " + request.decoderResult().cause().getMessage() : ""));
            }
            if (message instanceof HttpContent content && !(message instanceof HttpRequest)) {
                body.append(content.content().toString(StandardCharsets.ISO_8859_1));
                if (content.decoderResult().isFailure()) {
                    out.add("broken: " + content.decoderResult().cause().getMessage());
                    body.setLength(0);
                } else if (message instanceof LastHttpContent) {
                    out.add(body + "|");
                    body.setLength(0);
                }
                content.release();
            }
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 5, 11, 1000})
    void passesPipelinedRequestsOnWithTheirBodiesUnframedWhateverPiecesTheyArriveIn(int pieceSize) {
        send("POST /sd/services/ports/P HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello"
                + "POST /sd/services/ports/P HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nwor\r\n2\r\nld\r\n0\r\nT: v\r\n\r\n"
                + "GET /sd/services/ports/P?wsdl HTTP/1.1\r\n\r\n", pieceSize);

        assertThat(decoded()).containsExactly("POST /sd/services/ports/P", "hello|", "POST /sd/services/ports/P", "world|",
                "GET /sd/services/ports/P?wsdl", "|");
    }

    @Test
    void keepsTheHeadersTheRelayReadsAndDropsTheOthers() {
        String head = "POST /p HTTP/1.0\r\nHOST: node\r\nsoapaction:  \"urn:x#op\" \r\nX-Custom: dropped\r\nContent-Type: text/xml\r\n"
                + "Connection: keep-alive\r\ntraceparent: 00-abc-def-01\r\nContent-Length: 0\r\n\r\n";
        send("\r\n" + head, 1000);

        HttpRequest request = channel.readInbound();
        assertThat(request.protocolVersion()).isEqualTo(HttpVersion.HTTP_1_0);
        assertThat(request.method()).isEqualTo(HttpMethod.POST);
        assertThat(request.headers().get("Host")).isEqualTo("node");
        assertThat(request.headers().get("SOAPAction")).isEqualTo("\"urn:x#op\"");
        assertThat(request.headers().get("Content-Type")).isEqualTo("text/xml");
        assertThat(request.headers().get("Connection")).isEqualTo("keep-alive");
        assertThat(request.headers().get("traceparent")).isEqualTo("00-abc-def-01");
        assertThat(request.headers().contains("X-Custom")).isFalse();
        assertThat(((RelayRequest) request).headBytes()).as("the head as it came, without the empty line before it")
                .isEqualTo(head.length());
    }

    @Test
    void aBrokenChunkEndsTheBodyFailedAndNothingAfterItIsRead() {
        send("POST /p HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\nzz\r\nGET /next HTTP/1.1\r\n\r\n", 1000);

        assertThat(decoded()).containsExactly("POST /p", "broken: a chunk has no size");
        send("GET /after HTTP/1.1\r\n\r\n", 1000);
        assertThat(decoded()).isEmpty();
    }

    @Test
    void aRefusedHeadComesAfterTheRequestsBeforeIt() {
        send("GET /first HTTP/1.1\r\n\r\nGET /second HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx", 1000);

        assertThat(decoded()).containsExactly("GET /first", "|", "GET / refused: more than one Content-Length");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 1000})
    void refusesABadByteInTheRequestLineOrAHeaderNameWhereverItFallsInThePieces(int pieceSize) {
        send("GET /a\u0001b HTTP/1.1\r\n\r\n", pieceSize);
        assertThat(decoded()).containsExactly("GET / refused: a control character or non-ASCII byte in the request line");

        EmbeddedChannel second = new EmbeddedChannel(new StrictHttpDecoder(Duration.ofSeconds(30)));
        second.writeInbound(Unpooled.copiedBuffer("GET /a HTTP/1.1\r\nX-Na(me: v\r\n\r\n", StandardCharsets.ISO_8859_1));
        HttpRequest refused = second.readInbound();
        assertThat(refused.decoderResult().cause()).hasMessage("a header name holds a character a token may not");
    }

    @ParameterizedTest
    @ValueSource(ints = {7, 1000, 9000})
    void refusesAHeadOverItsSizeLimitWhereverTheLimitFallsInTheRequestLineOrTheNames(int pieceSize) {
        send("GET /" + "a".repeat(HeadScanner.MAX_HEAD_BYTES) + " HTTP/1.1\r\n\r\n", pieceSize);
        assertThat(decoded()).containsExactly("GET / refused: the request line is longer than " + HeadScanner.MAX_HEAD_BYTES + " bytes");

        EmbeddedChannel second = new EmbeddedChannel(new StrictHttpDecoder(Duration.ofSeconds(30)));
        second.writeInbound(Unpooled.copiedBuffer("GET /a HTTP/1.1\r\nX-" + "n".repeat(HeadScanner.MAX_HEAD_BYTES) + ": v\r\n\r\n",
                StandardCharsets.ISO_8859_1));
        HttpRequest refused = second.readInbound();
        assertThat(refused.decoderResult().cause()).hasMessage("the request line and headers are larger than "
                + HeadScanner.MAX_HEAD_BYTES + " bytes");
    }
}
