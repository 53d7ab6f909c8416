package org.servicedomain.node.hierarchy;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The nonces of the admin proofs this node accepted, kept until their proof could no longer verify
 * anyway (its time plus {@link ParentProof#MAX_SKEW}), so a proof replayed within that window is
 * refused. Bounded: when full of unexpired nonces it refuses new ones rather than forget old ones.
 */
final class ProofNonces {

    static final int MAX = 100_000;

    private final Map<String, Long> expiries = new ConcurrentHashMap<>();
    private final int max;

    ProofNonces(int max) {
        this.max = max;
    }

    /** Records {@code nonce} of a proof made at {@code proofMillis}; false when it was seen already or no room is left. */
    boolean firstUse(String nonce, long proofMillis, Instant now) {
        if (expiries.size() >= max) {
            long nowMillis = now.toEpochMilli();
            expiries.values().removeIf(expiry -> expiry < nowMillis);
            if (expiries.size() >= max) {
                return false;
            }
        }
        return expiries.putIfAbsent(nonce, proofMillis + ParentProof.MAX_SKEW.toMillis()) == null;
    }
}
