package org.servicedomain.testsupport;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.servicedomain.node.launcher.EmbeddedNode;

/**
 * A node's (or an HTTPS provider's) TLS keystore for a test: a fresh self-signed RSA key for {@code localhost}
 * (SAN {@code dns:localhost} and {@code ip:127.0.0.1}, valid two days), or for another host name, made by the
 * JDK's {@code keytool}; client contexts and trust stores that trust exactly its certificate, so hostname
 * verification stays on.
 */
public record TestKeystore(Path file, String password) {

    public static final String ALIAS = "sd-node";

    /** Generates {@code node.p12} (PKCS12) in {@code dir}. */
    public static TestKeystore generate(Path dir) {
        return generate(dir.resolve("node.p12"), "localhost");
    }

    /**
     * Generates {@code file} (PKCS12) with a certificate issued for {@code host} alone; for {@code localhost},
     * for {@code 127.0.0.1} too.
     */
    public static TestKeystore generate(Path file, String host) {
        TestKeystore keystore = new TestKeystore(file, "keystore-secret");
        String names = "dns:" + host + (host.equals("localhost") ? ",ip:127.0.0.1" : "");
        try {
            Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                    "-genkeypair", "-alias", ALIAS, "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                    "-dname", "CN=" + host, "-ext", "SAN=" + names, "-storetype", "PKCS12",
                    "-keystore", keystore.file().toString(), "-storepass", keystore.password(), "-keypass", keystore.password())
                    .redirectErrorStream(true).start();
            String printed = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
                throw new IllegalStateException("keytool did not make a keystore: " + printed);
            }
        } catch (IOException e) {
            throw new IllegalStateException("keytool did not run", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while keytool ran", e);
        }
        return keystore;
    }

    /** The node's TLS settings for {@link EmbeddedNode#start(org.servicedomain.node.NodeConfig, String, int, Path, String, EmbeddedNode.Tls)}. */
    public EmbeddedNode.Tls tls() {
        return new EmbeddedNode.Tls(file, password);
    }

    /** The keystore's self-signed certificate. */
    public Certificate certificate() {
        try {
            return KeyStore.getInstance(file.toFile(), password.toCharArray()).getCertificate(ALIAS);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
    }

    /**
     * Writes {@code file}, a PKCS12 trust store holding the certificates of {@code trusted} and nothing else, as
     * {@code keytool -importcert} makes one (for the node's {@code --outbound-truststore}).
     */
    public static Path trustStore(Path file, String password, TestKeystore... trusted) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            for (TestKeystore keystore : trusted) {
                store.setCertificateEntry(keystore.file().getFileName().toString(), keystore.certificate());
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                store.store(out, password.toCharArray());
            }
            return file;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot write the trust store " + file, e);
        }
    }

    /** A client TLS context that trusts this keystore's certificate and nothing else. */
    public SSLContext trustingOnlyIt() {
        try {
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            trusted.setCertificateEntry(ALIAS, certificate());
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot build a context trusting " + file, e);
        }
    }
}
