package org.servicedomain.node.entry.home;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Duration;
import java.util.function.Function;
import java.util.function.Supplier;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.node.audit.AuditEntry;
import org.servicedomain.node.audit.AuditTrail;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.LogText;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.RepeatedWarning;
import org.servicedomain.node.engine.monitor.RequestId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * How every home operation runs: under a request id, with each failure turned into a
 * {@link HomeFault} with a code, and the administrative ones filed in the audit trail. Its log
 * lines are the home port's, under {@link HomePort}'s logger, where operators look for them.
 */
final class HomeCalls {

    private static final Logger LOG = LoggerFactory.getLogger(HomePort.class);
    /** Changes refused while ZooKeeper is away: one line per operation per 30 s; the member logged the loss itself. */
    private static final RepeatedWarning NO_QUORUM = RepeatedWarning.infoEvery(LOG, Duration.ofSeconds(30));

    private final HomeExchange exchange;
    private final HomeAccess access;
    private final AuditTrail audit;

    HomeCalls(HomeExchange exchange, HomeAccess access, AuditTrail audit) {
        this.exchange = exchange;
        this.access = access;
        this.audit = audit;
    }

    /**
     * Runs one operation under a request id (the client's {@code X-Request-Id} if sane, echoed in the
     * answer and in the MDC of every log line), turning every failure into a HomeFault with a code.
     */
    <T> T call(String operation, Supplier<T> body) throws HomeFault {
        HttpServletRequest http = exchange.request();
        String requestId = RequestId.acceptOrCreate(http == null ? null : http.getHeader(RequestId.HEADER));
        MDC.put(RequestId.MDC_KEY, requestId);
        HttpServletResponse response = exchange.response();
        if (response != null) {
            response.setHeader(RequestId.HEADER, requestId);
        }
        try {
            return body.get();
        } catch (NodeFault fault) {
            if (fault.code() == FaultCode.NoQuorum) {
                NO_QUORUM.log(operation, operation + " refused: " + LogText.of(fault.getMessage()), fault.getCause());
            } else {
                LOG.info("{} refused: {}", operation, LogText.of(fault.getMessage()));
            }
            throw HomeFaults.of(fault);
        } catch (IllegalArgumentException e) {
            LOG.info("{} refused: {}", operation, LogText.of(e.getMessage()));
            throw HomeFaults.of(new NodeFault(FaultCode.BadRequest, e.getMessage()));
        } catch (RuntimeException e) {
            LOG.error("{} failed inside the node", operation, e);
            throw HomeFaults.of(new NodeFault(FaultCode.InternalError, operation
                    + " failed inside the node; its log has the details under request id " + requestId));
        } finally {
            MDC.remove(RequestId.MDC_KEY);
        }
    }

    /**
     * Runs an administrative operation as {@link #call} does and files it in the audit trail with its
     * outcome: {@code who} when the operation names its caller itself (login, logout), else whoever
     * the session header turned out to be; the caller's address as Tomcat sees it (behind a trusted
     * proxy, the forwarded one). {@code target} and {@code detail} must carry no secret.
     */
    <T> T audited(String operation, String who, String target, Function<T, String> detail, Supplier<T> body)
            throws HomeFault {
        String from = exchange.remoteAddress();
        access.takeResolvedCaller();
        try {
            T result = call(operation, body);
            audit.record(who(who), operation, target, from, AuditEntry.OK, detail.apply(result));
            return result;
        } catch (HomeFault fault) {
            audit.record(who(who), operation, target, from, fault.getFaultInfo().getCode(), null);
            throw fault;
        } finally {
            access.takeResolvedCaller();
        }
    }

    private String who(String named) {
        if (named != null) {
            return named;
        }
        String resolved = access.takeResolvedCaller();
        return resolved != null ? resolved : HomeAccess.ANONYMOUS;
    }
}
