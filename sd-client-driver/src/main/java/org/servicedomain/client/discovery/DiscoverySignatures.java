package org.servicedomain.client.discovery;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.List;

/**
 * The keys of WS-Discovery's compact signatures (WS-Discovery 1.1, Compact Signature Format): the node's own RSA
 * key and certificate, which sign every message it writes, and the certificates whose keys the
 * Hellos and Byes it takes in must be signed with. Either may be absent: no key, nothing signed; no
 * trusted certificate, no signature required.
 *
 * @param signingKey the node's RSA private key, or null
 * @param signingCertificate its certificate (its key id is sent with each signature), or null
 * @param trusted the certificates announcements must be signed by; empty: any announcement is taken unsigned
 */
public record DiscoverySignatures(PrivateKey signingKey, X509Certificate signingCertificate, List<X509Certificate> trusted) {

    public static final DiscoverySignatures NONE = new DiscoverySignatures(null, null, List.of());

    public DiscoverySignatures {
        trusted = List.copyOf(trusted);
        if ((signingKey == null) != (signingCertificate == null)) {
            throw new IllegalArgumentException("a signing key needs its certificate, and a certificate its key");
        }
        if (signingKey != null && !"RSA".equals(signingKey.getAlgorithm())) {
            throw new IllegalArgumentException("WS-Discovery's compact signature scheme is RSA; the signing key is "
                    + signingKey.getAlgorithm());
        }
    }

    /** Whether the node signs what it writes. */
    public boolean signs() {
        return signingKey != null;
    }

    /** Whether Hellos and Byes must carry a valid signature by a trusted key. */
    public boolean required() {
        return !trusted.isEmpty();
    }

    /**
     * Whether {@code message} carries a compact signature, over every header block and its body's
     * element, by the key of one of the trusted certificates.
     */
    public boolean verifies(byte[] message) {
        return CompactSignature.verify(message, trusted).valid();
    }

    /**
     * {@code message}, a Hello or Bye written elsewhere (a sample provider's announcer), with a compact
     * signature by this key over every header block and its body's element, as the node's {@code DiscoveryWriter}
     * signs the node's own messages.
     */
    public byte[] sign(byte[] message) {
        if (!signs()) {
            throw new IllegalStateException("no signing key to sign a discovery message with");
        }
        return CompactSignature.signWritten(message, signingKey, signingCertificate);
    }

    /** These keys with {@code certificates} trusted. */
    public DiscoverySignatures trusting(List<X509Certificate> certificates) {
        return new DiscoverySignatures(signingKey, signingCertificate, certificates);
    }

    /**
     * The key and certificate under {@code alias} (the keystore's only key entry when null) in the
     * PKCS12 keystore {@code file}.
     */
    public static DiscoverySignatures signingWith(Path file, char[] password, String alias) {
        try {
            KeyStore store = KeyStore.getInstance(file.toFile(), password);
            String name = alias != null ? alias : Collections.list(store.aliases()).stream().filter(a -> isKey(store, a))
                    .findFirst().orElseThrow(() -> new IllegalArgumentException(file + " holds no private key"));
            if (!(store.getKey(name, password) instanceof PrivateKey key)
                    || !(store.getCertificate(name) instanceof X509Certificate certificate)) {
                throw new IllegalArgumentException(file + " holds no private key and X.509 certificate under " + name);
            }
            return new DiscoverySignatures(key, certificate, List.of());
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot read the discovery signing keystore " + file + ": " + e.getMessage(), e);
        }
    }

    /** The X.509 certificates in the PEM (or DER) file {@code file}. */
    public static List<X509Certificate> certificatesIn(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            List<X509Certificate> certificates = CertificateFactory.getInstance("X.509").generateCertificates(in).stream()
                    .map(X509Certificate.class::cast).toList();
            if (certificates.isEmpty()) {
                throw new IllegalArgumentException(file + " holds no certificate");
            }
            return certificates;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot read the trusted discovery signers " + file + ": " + e.getMessage(), e);
        }
    }

    private static boolean isKey(KeyStore store, String alias) {
        try {
            return store.isKeyEntry(alias);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("a loaded keystore could not list its entries", e);
        }
    }

    /** Certificates print as their subjects: the record's toString shows no key material. */
    @Override
    public String toString() {
        return "DiscoverySignatures[signs=" + signs() + ", trusted=" + trusted.stream()
                .map(c -> c.getSubjectX500Principal().getName()).toList() + "]";
    }
}
