package org.servicedomain.node.outbound;

import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Objects;
import javax.net.ssl.TrustManagerFactory;
import org.servicedomain.node.network.PermittedAddresses;

/**
 * Everything about how the node calls out, in one place: how long a connection and an answer may
 * take, how many connections it keeps, the largest answer it reads, which certificates it trusts over
 * HTTPS, and where a provider's host may resolve to (checked at every connect).
 *
 * @param connectTimeout how long a connection to a provider, child, peer or the event receiver may take to open
 * @param answerTimeout how long an answer may take when the caller names no time of its own (a WSDL, a child's topology)
 * @param maxPerAddress the most connections to one host and port for SOAP dispatch
 * @param maxTotal the most connections for SOAP dispatch in all
 * @param maxAnswerBytes the largest answer read from anyone
 * @param trust the certificates an HTTPS server must present a chain to (its host name is verified too)
 * @param providers where a connection to a provider (and anything a caller named: a WSDL, an event receiver) may go
 */
public record OutboundSettings(Duration connectTimeout, Duration answerTimeout, int maxPerAddress, int maxTotal,
        long maxAnswerBytes, TrustManagerFactory trust, PermittedAddresses providers) {

    public OutboundSettings {
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(answerTimeout, "answerTimeout");
        Objects.requireNonNull(trust, "trust");
        Objects.requireNonNull(providers, "providers");
        if (maxPerAddress < 1 || maxTotal < 1 || maxAnswerBytes < 1) {
            throw new IllegalArgumentException("connection and answer limits must be positive");
        }
    }

    /**
     * The JVM's trusted certificates: the trust store {@code javax.net.ssl.trustStore} names, or the
     * JDK's own; what the node trusted before HTTPS moved onto its event loops.
     */
    public static TrustManagerFactory jvmTrust() {
        return trusting(null);
    }

    /** Trust in exactly the certificates of {@code store} (null: the JVM's, as {@link #jvmTrust()}). */
    public static TrustManagerFactory trusting(KeyStore store) {
        try {
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(store);
            return factory;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JVM offers no usable trust manager", e);
        }
    }
}
