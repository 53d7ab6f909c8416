package org.servicedomain.node.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseDecoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Heads written by {@link HttpHead} read back through Netty's own decoder as what was written. */
class HttpHeadTest {

    @Test
    void anAnswerWrittenAsBytesDecodesToItsStatusHeadersAndBody() {
        ByteBuf out = Unpooled.buffer();
        HttpHead.statusLine(out, 503);
        HttpHead.header(out, HttpHead.name("Content-Type"), "text/xml; charset=UTF-8");
        HttpHead.header(out, "X-Request-Id", "r-42");
        byte[] body = "<a>é</a>".getBytes(StandardCharsets.UTF_8);
        HttpHead.end(out, body.length);
        out.writeBytes(body);

        FullHttpResponse decoded = decode(out);

        assertThat(decoded.status().code()).isEqualTo(503);
        assertThat(decoded.status().reasonPhrase()).isEqualTo("Service Unavailable");
        assertThat(decoded.headers().get("Content-Type")).isEqualTo("text/xml; charset=UTF-8");
        assertThat(decoded.headers().get("X-Request-Id")).isEqualTo("r-42");
        assertThat(decoded.content().toString(StandardCharsets.UTF_8)).isEqualTo("<a>é</a>");
        decoded.release();
    }

    @Test
    void aValueCannotEndItsHeaderLineNorAddAHeader() {
        ByteBuf out = Unpooled.buffer();
        HttpHead.statusLine(out, 200);
        HttpHead.header(out, HttpHead.name("SOAPAction"), "\"urn:a\"\r\nX-Injected: yes");
        HttpHead.end(out, 0);

        FullHttpResponse decoded = decode(out);

        assertThat(decoded.headers().contains("X-Injected")).isFalse();
        assertThat(decoded.headers().get("SOAPAction")).startsWith("\"urn:a\"").contains("X-Injected: yes");
        decoded.release();
    }

    @Test
    void aValueKeepsTabsAndLatin1AndWritesWhatLatin1CannotHoldAsQuestionMarks() {
        ByteBuf out = Unpooled.buffer();
        HttpHead.header(out, HttpHead.name("X-Note"), "a\tcafé\u0007\u007f€");

        assertThat(out.toString(StandardCharsets.ISO_8859_1)).isEqualTo("X-Note: a\tcafé  ?\r\n");
    }

    @Test
    void lengthsOfEveryMagnitudeAreWrittenInDecimal() {
        for (long length : new long[] {0, 7, 10, 99, 1_000, 65_536, 123_456_789}) {
            ByteBuf out = Unpooled.buffer();
            HttpHead.statusLine(out, 200);
            HttpHead.end(out, length);

            assertThat(out.toString(StandardCharsets.ISO_8859_1)).endsWith(": " + length + "\r\n\r\n");
        }
    }

    private static FullHttpResponse decode(ByteBuf bytes) {
        EmbeddedChannel channel = new EmbeddedChannel(new HttpResponseDecoder(), new HttpObjectAggregator(1 << 20));
        channel.writeInbound(bytes);
        FullHttpResponse response = channel.readInbound();
        channel.finishAndReleaseAll();
        return response;
    }
}
