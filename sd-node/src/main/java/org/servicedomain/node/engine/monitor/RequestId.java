package org.servicedomain.node.engine.monitor;

import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import org.servicedomain.node.core.LogId;

/**
 * The id that ties together every log line of one request (SLF4J MDC key {@value #MDC_KEY}): the
 * client's own {@value #HEADER} when it is a short plain token, else a fresh random one, so that a
 * header can never forge or break log lines.
 */
public final class RequestId {

    /** The HTTP header a client may send its id in, and in which the node echoes the id it used. */
    public static final String HEADER = "X-Request-Id";
    /** The MDC key the log pattern reads ({@code %X{requestId}}). */
    public static final String MDC_KEY = LogId.MDC_KEY;
    static final int MAX_LENGTH = 64;

    private static final HexFormat HEX = HexFormat.of();

    private RequestId() {
    }

    /** {@code offered} when it is at most 64 characters of {@code [A-Za-z0-9._-]}, else a new random id. */
    public static String acceptOrCreate(String offered) {
        return isSane(offered) ? offered : create();
    }

    static boolean isSane(String id) {
        if (id == null || id.isEmpty() || id.length() > MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '.' || c == '_' || c == '-';
            if (!allowed) {
                return false;
            }
        }
        return true;
    }

    /** 128 random bits as 32 hex digits: unique enough to find one request's lines, cheap to make. */
    static String create() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return HEX.toHexDigits(random.nextLong()) + HEX.toHexDigits(random.nextLong());
    }
}
