package org.servicedomain.node.outbound;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A server certificate for a test of the node's HTTPS calls: a fresh self-signed RSA key for
 * {@code localhost} and {@code 127.0.0.1}, made by the JDK's {@code keytool} (sd-test-support's
 * {@code TestKeystore} does the same for the integration tests, which this module cannot use).
 */
public record TestCertificate(KeyStore keystore, char[] password) {

    /** Generates the keystore in {@code dir}. */
    public static TestCertificate generate(Path dir) throws IOException, GeneralSecurityException, InterruptedException {
        Path file = dir.resolve("provider.p12");
        String password = "provider-secret";
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "provider", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12",
                "-keystore", file.toString(), "-storepass", password, "-keypass", password)
                .redirectErrorStream(true).start();
        String printed = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
            throw new IllegalStateException("keytool did not make a keystore: " + printed);
        }
        return new TestCertificate(KeyStore.getInstance(file.toFile(), password.toCharArray()), password.toCharArray());
    }

    /** Writes a trust store of {@code type} (PKCS12, JKS) holding the certificate alone, as {@code keytool -importcert} makes one. */
    public Path trustStore(Path file, String type, String storePassword) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(type);
        store.load(null, null);
        store.setCertificateEntry("provider", keystore.getCertificate("provider"));
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, storePassword.toCharArray());
        }
        return file;
    }

    /** A server context presenting the certificate. */
    public SSLContext serverContext() throws GeneralSecurityException {
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(keystore, password);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), null, null);
        return context;
    }
}
