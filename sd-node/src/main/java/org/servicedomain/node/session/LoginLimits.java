package org.servicedomain.node.session;

import java.time.Duration;

/**
 * How failed logins are throttled and how much password hashing may run at once.
 *
 * @param freeFailuresPerUser failed logins in a row a user name gets before each further attempt waits
 * @param freeFailuresPerSource failed logins an address gets (any user names) before it waits; higher,
 *     since a console or a NAT sends many users' logins from one address
 * @param firstBackoff the wait after the free failures; it doubles with each further failure
 * @param maxBackoff the longest wait
 * @param forgetAfter how long after its last failure a user name or address starts afresh
 * @param hashingThreads how many password checks (PBKDF2) run at once
 * @param hashingQueue how many logins may wait for a hashing thread; more are refused at once
 * @param maxTracked how many user names and addresses each are remembered at most
 */
public record LoginLimits(int freeFailuresPerUser, int freeFailuresPerSource, Duration firstBackoff,
        Duration maxBackoff, Duration forgetAfter, int hashingThreads, int hashingQueue, int maxTracked) {

    public static final LoginLimits DEFAULT = new LoginLimits(5, 20, Duration.ofSeconds(1), Duration.ofMinutes(15),
            Duration.ofHours(1), Math.max(1, Runtime.getRuntime().availableProcessors() / 2), 32, 10_000);

    public LoginLimits {
        positive("freeFailuresPerUser", freeFailuresPerUser);
        positive("freeFailuresPerSource", freeFailuresPerSource);
        positive("firstBackoff", firstBackoff.toMillis());
        if (maxBackoff.compareTo(firstBackoff) < 0) {
            throw new IllegalArgumentException("maxBackoff must be at least firstBackoff but was " + maxBackoff);
        }
        if (forgetAfter.compareTo(maxBackoff) < 0) {
            throw new IllegalArgumentException("forgetAfter must be at least maxBackoff but was " + forgetAfter);
        }
        positive("hashingThreads", hashingThreads);
        positive("hashingQueue", hashingQueue);
        positive("maxTracked", maxTracked);
    }

    public LoginLimits withFreeFailuresPerUser(int free) {
        return new LoginLimits(free, freeFailuresPerSource, firstBackoff, maxBackoff, forgetAfter, hashingThreads,
                hashingQueue, maxTracked);
    }

    public LoginLimits withFreeFailuresPerSource(int free) {
        return new LoginLimits(freeFailuresPerUser, free, firstBackoff, maxBackoff, forgetAfter, hashingThreads,
                hashingQueue, maxTracked);
    }

    /** A different longest wait; the first wait and the memory of failures shrink or grow to stay consistent with it. */
    public LoginLimits withMaxBackoff(Duration max) {
        Duration first = firstBackoff.compareTo(max) <= 0 ? firstBackoff : max;
        Duration forget = forgetAfter.compareTo(max) >= 0 ? forgetAfter : max;
        return new LoginLimits(freeFailuresPerUser, freeFailuresPerSource, first, max, forget, hashingThreads,
                hashingQueue, maxTracked);
    }

    public LoginLimits withHashingThreads(int threads) {
        return new LoginLimits(freeFailuresPerUser, freeFailuresPerSource, firstBackoff, maxBackoff, forgetAfter, threads,
                hashingQueue, maxTracked);
    }

    private static void positive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive but was " + value);
        }
    }
}
