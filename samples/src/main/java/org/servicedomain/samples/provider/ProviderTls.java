package org.servicedomain.samples.provider;

import java.nio.file.Path;
import java.util.Objects;
import org.apache.catalina.connector.Connector;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;

/**
 * A provider served over HTTPS, so a node's calls to an {@code https:} provider can be tried for real.
 *
 * @param keystore a PKCS12 (or JKS) keystore holding the provider's key and certificate
 * @param password the keystore's password
 */
public record ProviderTls(Path keystore, String password) {

    public ProviderTls {
        Objects.requireNonNull(keystore, "keystore");
        Objects.requireNonNull(password, "password");
    }

    /** Makes {@code connector} serve HTTPS only, presenting the keystore's certificate. */
    void serveOn(Connector connector) {
        SSLHostConfig ssl = new SSLHostConfig();
        SSLHostConfigCertificate certificate = new SSLHostConfigCertificate(ssl, SSLHostConfigCertificate.Type.UNDEFINED);
        certificate.setCertificateKeystoreFile(keystore.toAbsolutePath().toString());
        certificate.setCertificateKeystorePassword(password);
        ssl.addCertificate(certificate);
        connector.addSslHostConfig(ssl);
        connector.setProperty("SSLEnabled", "true");
        connector.setScheme("https");
        connector.setSecure(true);
    }
}
