package org.servicedomain.node.cluster;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.zookeeper.KeeperException;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a session znode that the member's cache has not heard of, without blocking the caller's
 * thread: a ZooKeeper {@code sync} then {@code getData}, both in the background, so the answer is
 * as fresh as the leader's; bounded by {@link #TIMEOUT} and by {@link #MAX_READS} at once, so that
 * made-up ids cannot hold threads or flood ZooKeeper. Ids found absent go into {@link AbsentSessions}.
 * Failures are logged at debug only, since anyone may cause them; the connection's own log says when
 * ZooKeeper is out of reach, and the caller gets the fault.
 */
final class SessionReads {

    private static final Logger LOG = LoggerFactory.getLogger(SessionReads.class);
    /** How long a read may take before the session is refused as not checkable now. */
    static final Duration TIMEOUT = Duration.ofSeconds(2);
    /** How many reads may be under way at once; more callers with unknown ids are refused at once. */
    static final int MAX_READS = 32;

    private final CuratorFramework client;
    private final Executor completions;
    private final AbsentSessions absent;
    private final AtomicInteger underWay = new AtomicInteger();

    /** @param completions where read answers, and so the requests waiting for them, continue */
    SessionReads(CuratorFramework client, Executor completions, AbsentSessions absent) {
        this.client = client;
        this.completions = completions;
        this.absent = absent;
    }

    /** The znode's data, or empty when ZooKeeper does not hold it; fails with a {@code NotAuthorized} fault when it cannot tell. */
    CompletableFuture<Optional<byte[]>> read(String sessionId, String path) {
        if (underWay.incrementAndGet() > MAX_READS) {
            underWay.decrementAndGet();
            return CompletableFuture.failedFuture(uncheckable("too many unknown sessions are being checked at once"));
        }
        CompletableFuture<Optional<byte[]>> answer = new CompletableFuture<>();
        try {
            client.sync().inBackground((c, synced) -> {
                if (synced.getResultCode() == KeeperException.Code.OK.intValue()) {
                    readData(path, answer);
                } else {
                    answered(synced, answer);
                }
            }, completions).forPath(path);
        } catch (Exception e) {
            answer.completeExceptionally(e);
        }
        return answer.orTimeout(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).handle((data, error) -> {
            underWay.decrementAndGet();
            if (error == null) {
                if (data.isEmpty()) {
                    absent.add(sessionId);
                }
                return data;
            }
            Throwable cause = Completions.cause(error);
            if (cause instanceof TimeoutException) {
                LOG.debug("ZooKeeper did not answer a session look-up within {} ms; the session is refused for now",
                        TIMEOUT.toMillis());
                throw uncheckable("ZooKeeper did not answer in time");
            }
            LOG.debug("could not look a session up in ZooKeeper; the session is refused for now", cause);
            throw uncheckable("ZooKeeper could not be read");
        });
    }

    private void readData(String path, CompletableFuture<Optional<byte[]>> answer) {
        try {
            client.getData().inBackground((c, event) -> answered(event, answer), completions).forPath(path);
        } catch (Exception e) {
            answer.completeExceptionally(e);
        }
    }

    private static void answered(CuratorEvent event, CompletableFuture<Optional<byte[]>> answer) {
        KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
        if (code == KeeperException.Code.OK && event.getData() != null) {
            answer.complete(Optional.of(event.getData()));
        } else if (code == KeeperException.Code.NONODE) {
            answer.complete(Optional.empty());
        } else {
            answer.completeExceptionally(KeeperException.create(code, event.getPath()));
        }
    }

    /** The refusal of a session this member cannot check now: the caller may log in again or retry later. */
    static NodeFault uncheckable(String why) {
        return new NodeFault(FaultCode.NotAuthorized, "unknown session: this member has not heard of it and cannot check it now ("
                + why + "); log in again through the home port or retry later");
    }
}
