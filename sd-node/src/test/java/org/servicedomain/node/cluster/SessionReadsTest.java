package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/**
 * Reads of sessions against a ZooKeeper that accepts connections and never answers, as a paused
 * server does: a socket on loopback that the kernel accepts for and nobody reads.
 */
class SessionReadsTest {

    @Test
    void readsAPausedZooKeeperNeverAnswersAreCappedAndEachFailsWithinItsTimeout() throws Exception {
        ExecutorService completions = Executors.newSingleThreadExecutor();
        try (ServerSocket paused = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                CuratorFramework client = CuratorFrameworkFactory.builder()
                        .connectString("127.0.0.1:" + paused.getLocalPort())
                        .sessionTimeoutMs(6_000).connectionTimeoutMs(6_000).retryPolicy(new RetryOneTime(1)).build()) {
            client.start();
            SessionReads reads = new SessionReads(client, completions, new AbsentSessions(Clock.systemUTC()));

            List<CompletableFuture<Optional<byte[]>>> underWay = new ArrayList<>();
            for (int i = 0; i < SessionReads.MAX_READS; i++) {
                underWay.add(reads.read("node-0000000b:" + i, "/sessions/node-0000000b:" + i));
            }
            CompletableFuture<Optional<byte[]>> oneMore = reads.read("node-0000000b:x", "/sessions/node-0000000b:x");

            assertThat(underWay).as("waiting, holding no thread of the caller").noneMatch(CompletableFuture::isDone);
            assertThat(oneMore).as("beyond the cap: refused at once").isCompletedExceptionally();
            assertThat(fault(oneMore).getMessage()).contains("too many unknown sessions");
            await().atMost(SessionReads.TIMEOUT.plus(Duration.ofSeconds(10)))
                    .until(() -> underWay.stream().allMatch(CompletableFuture::isDone));
            for (CompletableFuture<Optional<byte[]>> read : underWay) {
                assertThat(fault(read).code()).isEqualTo(FaultCode.NotAuthorized);
                assertThat(fault(read).getMessage()).contains("did not answer in time");
            }
            assertThat(reads.read("node-0000000b:y", "/sessions/node-0000000b:y"))
                    .as("once those have failed, a read is taken again").isNotDone();
        } finally {
            completions.shutdownNow();
        }
    }

    private static NodeFault fault(CompletableFuture<?> failed) {
        return (NodeFault) failed.handle((value, error) -> Completions.cause(error)).join();
    }
}
