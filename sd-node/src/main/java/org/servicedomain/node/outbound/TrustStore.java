package org.servicedomain.node.outbound;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Collections;
import javax.net.ssl.TrustManagerFactory;

/**
 * The certificates the node trusts when it calls out over HTTPS, in place of the JVM's: read once, at start,
 * from the PKCS12 or JKS file the operator names, so a provider with a private CA or a self-signed certificate
 * is called once its CA, or the certificate itself, is in there.
 *
 * @param file where the certificates were read from, which is all the node's settings show of them
 * @param certificates the store, holding at least one certificate
 */
public record TrustStore(Path file, KeyStore certificates) {

    /**
     * Reads {@code file}, PKCS12 or JKS as its content says; refused, naming the file, when it is missing, is no
     * key store, was not made with {@code password}, or holds no certificate.
     */
    public static TrustStore read(Path file, char[] password) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no file " + file.toAbsolutePath());
        }
        KeyStore store;
        try {
            store = KeyStore.getInstance(file.toFile(), password);
            if (!holdsACertificate(store)) {
                throw new IllegalArgumentException(file.toAbsolutePath() + " holds no certificate (make it with keytool -importcert)");
            }
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot read the trust store " + file.toAbsolutePath() + ": " + e.getMessage(), e);
        }
        return new TrustStore(file, store);
    }

    private static boolean holdsACertificate(KeyStore store) throws GeneralSecurityException {
        for (String alias : Collections.list(store.aliases())) {
            if (store.getCertificate(alias) != null) {
                return true;
            }
        }
        return false;
    }

    /** Trust in exactly these certificates. */
    public TrustManagerFactory trust() {
        return OutboundSettings.trusting(certificates);
    }

    /** The file only: a key store's own text is its identity, which would make equal settings read as different. */
    @Override
    public String toString() {
        return "TrustStore[" + file + "]";
    }
}
