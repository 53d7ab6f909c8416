package org.servicedomain.node.session;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.servicedomain.node.core.DaemonThreads;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/**
 * Logins as the home port takes them: refused at once while a user name or source address is
 * throttled after failed attempts ({@link LoginThrottle}), and checked on a small bounded pool of
 * hashing threads, so a login flood neither guesses fast nor starves the request threads of CPU.
 */
public final class Logins implements AutoCloseable {

    private final SessionRegistry sessions;
    private final LoginThrottle throttle;
    private final ThreadPoolExecutor hashing;

    public Logins(SessionRegistry sessions, LoginLimits limits, Clock clock) {
        this.sessions = sessions;
        this.throttle = new LoginThrottle(limits, clock);
        this.hashing = new ThreadPoolExecutor(limits.hashingThreads(), limits.hashingThreads(), 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(limits.hashingQueue()), DaemonThreads.numbered("sd-login"),
                new ThreadPoolExecutor.AbortPolicy());
    }

    /** Opens a session for {@code user}, or refuses with {@code NotAuthorized}; {@code source} is the caller's address. */
    public Session login(String user, char[] password, String source) {
        Duration wait = throttle.waitFor(user, source);
        if (!wait.isZero()) {
            throw new NodeFault(FaultCode.NotAuthorized, "too many failed logins for this user or from this address;"
                    + " try again in " + Math.max(1, (wait.toMillis() + 999) / 1000) + " s");
        }
        try {
            Session session = checked(user, password);
            throttle.succeeded(user);
            return session;
        } catch (NodeFault fault) {
            if (fault.code() == FaultCode.NotAuthorized) {
                throttle.failed(user, source);
            }
            throw fault;
        }
    }

    private Session checked(String user, char[] password) {
        Future<Session> check;
        try {
            check = hashing.submit(() -> sessions.login(user, password));
        } catch (RejectedExecutionException e) {
            throw new NodeFault(FaultCode.InternalError, "the node is busy checking other logins; try again shortly");
        }
        try {
            return check.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException("login failed inside the node", e.getCause());
        } catch (InterruptedException e) {
            check.cancel(true);
            Thread.currentThread().interrupt();
            throw new NodeFault(FaultCode.InternalError, "the login was interrupted");
        }
    }

    @Override
    public void close() {
        hashing.shutdownNow();
    }
}
