package org.servicedomain.node.entry.port;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import org.junit.jupiter.api.Test;

class WaitingRequestsTest {

    @Test
    void countsAHeadAsItsRequestLineAndHeadersCameOnTheWire() {
        HttpRequest head = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/sd/services/ports/P?wsdl");
        head.headers().set("Host", "localhost");
        String wire = "GET /sd/services/ports/P?wsdl HTTP/1.1\r\nHost: localhost\r\n";

        assertThat(WaitingRequests.weight(head)).isEqualTo(wire.length() + 2);
    }

    @Test
    void refusesThePieceThatTakesWhatWaitsPastTheCapAndReleasesEverythingKept() {
        WaitingRequests waiting = new WaitingRequests(100);
        ByteBuf first = Unpooled.buffer().writeBytes(new byte[60]);
        ByteBuf second = Unpooled.buffer().writeBytes(new byte[41]);

        assertThat(waiting.add(new DefaultHttpContent(first))).isTrue();
        assertThat(waiting.add(new DefaultHttpContent(second))).as("101 bytes against a cap of 100").isFalse();
        waiting.release();

        assertThat(waiting.isEmpty()).isTrue();
        assertThat(waiting.bytes()).isZero();
        assertThat(first.refCnt()).isZero();
        assertThat(second.refCnt()).isZero();
    }

    @Test
    void givesPiecesBackInOrderAndStartsCountingAfreshOnceEmpty() {
        WaitingRequests waiting = new WaitingRequests(100);
        HttpObject first = new DefaultHttpContent(Unpooled.buffer().writeBytes(new byte[60]));
        HttpObject second = new DefaultHttpContent(Unpooled.buffer().writeBytes(new byte[30]));
        waiting.add(first);
        waiting.add(second);

        assertThat(waiting.take()).isSameAs(first);
        assertThat(waiting.bytes()).as("counted until the queue is empty").isEqualTo(90);
        assertThat(waiting.take()).isSameAs(second);
        assertThat(waiting.bytes()).isZero();
        assertThat(waiting.add(new DefaultHttpContent(Unpooled.buffer().writeBytes(new byte[100])))).isTrue();
    }

    @Test
    void aConnectionMayQueueOneMessageAndAHeadWithinItsBounds() {
        assertThat(VirtualPortRelay.maxQueuedBytes(10L * 1024 * 1024)).isEqualTo(VirtualPortRelay.MAX_QUEUED_BYTES);
        assertThat(VirtualPortRelay.maxQueuedBytes(256 * 1024)).isEqualTo(256 * 1024 + HeadScanner.MAX_HEAD_BYTES);
        assertThat(VirtualPortRelay.maxQueuedBytes(1024)).isEqualTo(VirtualPortRelay.MIN_QUEUED_BYTES);
    }
}
