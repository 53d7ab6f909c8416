package org.servicedomain.node.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AnswerParserTest {

    /** What the parser told, answer by answer. */
    private static final class Told implements AnswerParser.Answer {
        final List<String> heads = new ArrayList<>();
        final List<String> bodies = new ArrayList<>();
        final ByteArrayOutputStream body = new ByteArrayOutputStream();
        boolean refuseContent;

        @Override
        public boolean head(int status, String contentType, boolean keepAlive, long contentLength) {
            heads.add(status + " " + contentType + " keepAlive=" + keepAlive + " length=" + contentLength);
            return true;
        }

        @Override
        public boolean content(ByteBuf bytes) {
            byte[] read = new byte[bytes.readableBytes()];
            bytes.readBytes(read);
            body.writeBytes(read);
            return !refuseContent;
        }

        @Override
        public void end() {
            bodies.add(body.toString(StandardCharsets.ISO_8859_1));
            body.reset();
        }
    }

    private final Told told = new Told();
    private final AnswerParser parser = new AnswerParser(told);

    private boolean feed(String... pieces) {
        boolean going = true;
        for (String piece : pieces) {
            going &= parser.read(Unpooled.copiedBuffer(piece, StandardCharsets.ISO_8859_1));
        }
        return going;
    }

    @Test
    void readsAnAnswerWithAContentLengthAndKeepsTheConnection() {
        assertThat(feed("HTTP/1.1 200 OK\r\nContent-Type: text/xml;charset=UTF-8\r\nContent-Length: 5\r\n\r\nhello")).isTrue();

        assertThat(told.heads).containsExactly("200 text/xml;charset=UTF-8 keepAlive=true length=5");
        assertThat(told.bodies).containsExactly("hello");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 13})
    void readsTheSameAnswerWhateverPiecesItArrivesIn(int pieceSize) {
        String answer = "HTTP/1.1 500 Server Error\r\ncontent-type: text/xml\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "4;ext=1\r\nfaul\r\n1\r\nt\r\n0\r\nTrailer: x\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
        for (int at = 0; at < answer.length(); at += pieceSize) {
            assertThat(feed(answer.substring(at, Math.min(answer.length(), at + pieceSize)))).isTrue();
        }

        assertThat(told.heads).containsExactly("500 text/xml keepAlive=true length=-1", "200 null keepAlive=true length=2");
        assertThat(told.bodies).containsExactly("fault", "ok");
    }

    @Test
    void skipsAnInterimContinueAnswer() {
        feed("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx");

        assertThat(told.heads).containsExactly("200 null keepAlive=true length=1");
        assertThat(told.bodies).containsExactly("x");
    }

    @Test
    void anAnswerWithoutLengthRunsToTheConnectionsEndAndClosesIt() {
        feed("HTTP/1.0 200 OK\r\nContent-Type: text/xml\r\n\r\npart one, ", "part two");
        assertThat(told.bodies).isEmpty();

        assertThat(parser.closed()).isTrue();
        assertThat(told.heads).containsExactly("200 text/xml keepAlive=false length=-1");
        assertThat(told.bodies).containsExactly("part one, part two");
    }

    @Test
    void connectionHeadersDecideWhetherTheConnectionStaysOpen() {
        feed("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
                "HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n",
                "HTTP/1.0 204 No Content\r\n\r\n");

        assertThat(told.heads).containsExactly("200 null keepAlive=false length=0", "200 null keepAlive=true length=0",
                "204 null keepAlive=false length=0");
        assertThat(told.bodies).containsExactly("", "", "");
    }

    @Test
    void aConnectionEndingInTheMiddleOfAnAnswerWithALengthCompletesNothing() {
        feed("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort");

        assertThat(parser.closed()).isFalse();
        assertThat(told.bodies).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SMTP ready\r\n\r\n",
        "HTTP/1.1 2x0 OK\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: ten\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    })
    void refusesWhatIsNotAReadableHttpAnswer(String bytes) {
        assertThat(feed(bytes)).isFalse();
        assertThat(told.bodies).isEmpty();
    }

    @Test
    void refusesAHeadOverTheLimit() {
        String header = "X-Padding: " + "p".repeat(1000) + "\r\n";
        StringBuilder answer = new StringBuilder("HTTP/1.1 200 OK\r\n");
        while (answer.length() <= AnswerParser.MAX_HEAD_BYTES) {
            answer.append(header);
        }

        assertThat(feed(answer.toString())).isFalse();
        assertThat(told.heads).isEmpty();
    }

    @Test
    void stopsWhenTheAnswerRefusesItsContent() {
        told.refuseContent = true;

        assertThat(feed("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc")).isFalse();
        assertThat(told.bodies).isEmpty();
    }
}
