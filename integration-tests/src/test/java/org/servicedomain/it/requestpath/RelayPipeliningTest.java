package org.servicedomain.it.requestpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.RawHttp;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relay's attack of issue 27, item 2, on real sockets against a real node: a client that
 * pipelines requests and never reads their answers, then streams a chunked body. The relay stops
 * reading while an answer waits to be written, so the client's writes stall after a bounded number
 * of bytes (the node's queue plus the kernel's buffers) instead of the node buffering all it sends,
 * and the connection closes at the idle timeout since its answer cannot be written; other clients
 * are served meanwhile. A chunked body, once its turn comes, is held to the message limit as it arrives.
 */
class RelayPipeliningTest {

    private static final Logger LOG = LoggerFactory.getLogger(RelayPipeliningTest.class);

    private static final String PORT = "StockQuotePortType";
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(1);
    /** Pipelined {@code ?wsdl} requests whose answers are far more than the kernel's buffers hold. */
    private static final int PIPELINED_GETS = 3_000;
    /** What the attacker tries to write at most: the old relay took all of it. */
    private static final long ATTEMPTED_BYTES = 32L * 1024 * 1024;
    /** What the node and the kernel's socket buffers may take before the writes stall. */
    private static final long ACCEPTED_AT_MOST = 8L * 1024 * 1024;
    /** A writer that could not write for this long has been stalled by the node. */
    private static final Duration STALLED_AFTER = Duration.ofSeconds(3);
    private static final Duration WRITING_AT_MOST = Duration.ofSeconds(60);
    private static final int CHUNK_BYTES = 64 * 1024;
    private static final long MAX_MESSAGE_BYTES = 256 * 1024;
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(15);

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote")
            .configured(config -> config.relayIdleTimeout(IDLE_TIMEOUT).maxMessageBytes(MAX_MESSAGE_BYTES)
                    .bodyTimeout(Duration.ofSeconds(2)));

    private SampleProvider provider;
    private URI relayed;

    @BeforeEach
    void oneProviderRegistered() throws Exception {
        provider = domain.provider("quote");
        Registrations.register(domain.node().home(), provider);
        relayed = domain.node().relayedPortAddress(PORT);
    }

    @Test
    void aPipelinedChunkedBodyIsRefusedAsSoonAsItOutgrowsTheMessageLimitAndNeverDispatched() {
        String chunk = new String(chunk(), StandardCharsets.ISO_8859_1);
        String endless = chunk.repeat((int) (4 * MAX_MESSAGE_BYTES / CHUNK_BYTES));

        RawHttp.Answer answer = RawHttp.send(relayed, new String(pipelinedGets(1), StandardCharsets.ISO_8859_1)
                + new String(chunkedHead(), StandardCharsets.ISO_8859_1) + endless, ANSWER_WITHIN);

        assertThat(answer.text()).as(answer.text()).startsWith("HTTP/1.1 200")
                .contains("BadRequest").contains("exceeds the limit of " + MAX_MESSAGE_BYTES + " bytes");
        assertThat(answer.closed()).as("closed after the refusal, the body never having ended").isTrue();
        assertThat(provider.requestsReceived()).as("the body never reached the provider").isZero();
        assertServesOthers();
    }

    @Test
    void aClientThatNeverReadsItsAnswersCannotMakeTheNodeBufferWhatItPipelinesBehindThem() throws IOException {
        byte[] gets = pipelinedGets(PIPELINED_GETS);
        byte[] chunkedHead = chunkedHead();
        byte[] pipeline = Arrays.copyOf(gets, gets.length + chunkedHead.length);
        System.arraycopy(chunkedHead, 0, pipeline, gets.length, chunkedHead.length);

        try (SocketChannel attacker = neverReadingClient()) {
            Written written = writeUntilStalled(attacker, pipeline, true);

            LOG.info("the node and the kernel took {} bytes before the writes {}", written.bytes(),
                    written.stopped() ? "stopped" : "ended");
            assertThat(written.stopped()).as("the node stopped taking bytes; it took " + written.bytes()).isTrue();
            assertThat(written.bytes()).as("bytes the node and the kernel took before the writes stalled")
                    .isLessThan(ACCEPTED_AT_MOST);
            assertServesOthers();
            awaitClosedByTheNode(attacker);
        }
        assertServesOthers();
    }

    @Test
    void aClientThatNeverReadsItsAnswersIsClosedAtTheIdleTimeoutWhileOthersAreServed() throws IOException {
        try (SocketChannel attacker = neverReadingClient()) {
            writeUntilStalled(attacker, pipelinedGets(PIPELINED_GETS), false);

            assertServesOthers();
            awaitClosedByTheNode(attacker);
        }
        assertServesOthers();
    }

    /** What the attacker managed to write, and whether the node stopped it (its writes stalled, or it closed) before it was done. */
    private record Written(long bytes, boolean stopped) {
    }

    /** A loopback connection to the relay with small buffers of its own, written to without blocking and never read. */
    private SocketChannel neverReadingClient() throws IOException {
        SocketChannel channel = SocketChannel.open();
        channel.setOption(StandardSocketOptions.SO_RCVBUF, 16 * 1024);
        channel.setOption(StandardSocketOptions.SO_SNDBUF, 64 * 1024);
        channel.connect(new InetSocketAddress("127.0.0.1", relayed.getPort()));
        channel.configureBlocking(false);
        return channel;
    }

    /**
     * Writes {@code first}, then (when {@code thenChunks}) 64 KiB chunks of a body that never ends,
     * until the node has taken nothing for {@link #STALLED_AFTER} or has closed the connection (past
     * the idle timeout), or {@link #ATTEMPTED_BYTES} or {@link #WRITING_AT_MOST} is reached.
     */
    private static Written writeUntilStalled(SocketChannel channel, byte[] first, boolean thenChunks) throws IOException {
        byte[] chunk = chunk();
        ByteBuffer next = ByteBuffer.wrap(first);
        long bytes = 0;
        long deadline = System.nanoTime() + WRITING_AT_MOST.toNanos();
        try (Selector selector = Selector.open()) {
            channel.register(selector, SelectionKey.OP_WRITE);
            while (bytes < ATTEMPTED_BYTES && System.nanoTime() < deadline) {
                if (!next.hasRemaining()) {
                    if (!thenChunks) {
                        return new Written(bytes, false);
                    }
                    next = ByteBuffer.wrap(chunk);
                }
                int n;
                try {
                    n = channel.write(next);
                } catch (IOException closedByTheNode) {
                    return new Written(bytes, true);
                }
                bytes += n;
                if (n == 0) {
                    selector.selectedKeys().clear();
                    if (selector.select(STALLED_AFTER.toMillis()) == 0) {
                        return new Written(bytes, true);
                    }
                }
            }
        }
        return new Written(bytes, false);
    }

    /**
     * Waits, without reading, until the node has closed the connection: with bytes it never read
     * left, it resets it, and a write fails.
     */
    private static void awaitClosedByTheNode(SocketChannel attacker) {
        ByteBuffer one = ByteBuffer.allocate(1);
        await().atMost(IDLE_TIMEOUT.plusSeconds(15)).pollInterval(Duration.ofMillis(100)).until(() -> {
            try {
                one.clear();
                attacker.write(one);
                return false;
            } catch (IOException closed) {
                return true;
            }
        });
    }

    private byte[] pipelinedGets(int count) {
        String get = "GET " + relayed.getPath() + "?wsdl HTTP/1.1\r\nHost: localhost\r\n\r\n";
        return get.repeat(count).getBytes(StandardCharsets.ISO_8859_1);
    }

    private byte[] chunkedHead() {
        return ("POST " + relayed.getPath() + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                + "SOAPAction: " + StockQuoteCalls.GET_QUOTE_ACTION + "\r\nTransfer-Encoding: chunked\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] chunk() {
        byte[] size = (Integer.toHexString(CHUNK_BYTES) + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
        byte[] chunk = new byte[size.length + CHUNK_BYTES + 2];
        System.arraycopy(size, 0, chunk, 0, size.length);
        Arrays.fill(chunk, size.length, size.length + CHUNK_BYTES, (byte) 'x');
        chunk[chunk.length - 2] = '\r';
        chunk[chunk.length - 1] = '\n';
        return chunk;
    }

    private void assertServesOthers() {
        SoapReply reply = StockQuoteCalls.getQuote(relayed, "ACME");
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
    }
}
