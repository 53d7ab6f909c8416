package org.servicedomain.node.proof;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The nonces of the proofs a verifier accepted, kept until their proof could no longer verify anyway
 * (its time plus the window), so a proof replayed within that window is refused. A proof made before
 * this store was created is refused too: the nonces taken before a restart are gone. Bounded: when
 * full of unexpired nonces it refuses new ones rather than forget old ones.
 */
public final class UsedNonces {

    /** How many unexpired nonces a store keeps at the most. */
    public static final int MAX = 100_000;

    private final Map<String, Long> expiries = new ConcurrentHashMap<>();
    private final int max;
    private final Duration window;
    private final long createdMillis;

    public UsedNonces(int max, Duration window, Instant created) {
        this.max = max;
        this.window = window;
        this.createdMillis = created.toEpochMilli();
    }

    /** Records {@code nonce} of a proof made at {@code proofMillis}; false when it was seen, made before this store, or no room is left. */
    public boolean firstUse(String nonce, long proofMillis, Instant now) {
        if (proofMillis < createdMillis) {
            return false;
        }
        if (expiries.size() >= max) {
            long nowMillis = now.toEpochMilli();
            expiries.values().removeIf(expiry -> expiry < nowMillis);
            if (expiries.size() >= max) {
                return false;
            }
        }
        return expiries.putIfAbsent(nonce, proofMillis + window.toMillis()) == null;
    }
}
