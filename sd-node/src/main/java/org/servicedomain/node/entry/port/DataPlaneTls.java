package org.servicedomain.node.entry.port;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relay's TLS: the node's own keystore (the one Tomcat serves HTTPS with), TLSv1.3 and TLSv1.2
 * only, and the cipher suites Tomcat's connector enables by default, so both entries of a node offer
 * clients the same TLS. OpenSSL (BoringSSL from netty-tcnative) when it loads here, else the JDK's TLS.
 */
public final class DataPlaneTls {

    private static final Logger LOG = LoggerFactory.getLogger(DataPlaneTls.class);

    /** The protocols the relay accepts, newest first; TLSv1.1 and older are refused. */
    public static final List<String> PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

    private final SslContext context;
    private final SslProvider provider;

    private DataPlaneTls(SslContext context, SslProvider provider) {
        this.context = context;
        this.provider = provider;
    }

    /**
     * Loads {@code keystore} (PKCS12 or JKS, as Tomcat accepts; the key's password is the keystore's)
     * and builds the server context; a keystore that cannot be read or holds no key is an
     * {@link IOException} naming the file.
     */
    public static DataPlaneTls load(Path keystore, String password) throws IOException {
        KeyManagerFactory keys = keyManagers(keystore, password);
        SslProvider provider = OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
        if (provider == SslProvider.JDK) {
            LOG.info("OpenSSL (netty-tcnative) is not available here, the relay's TLS uses the JDK's: {}",
                    String.valueOf(OpenSsl.unavailabilityCause()));
        }
        SslContext context = SslContextBuilder.forServer(keys).sslProvider(provider).protocols(PROTOCOLS)
                .ciphers(tomcatConnectorCipherSuites(), SupportedCipherSuiteFilter.INSTANCE).build();
        LOG.info("the relay serves TLS with {} ({}), {} cipher suites", provider == SslProvider.OPENSSL
                ? "OpenSSL " + OpenSsl.versionString() : "the JDK", String.join(", ", PROTOCOLS), context.cipherSuites().size());
        return new DataPlaneTls(context, provider);
    }

    /**
     * The JSSE names of the cipher suites Tomcat's connector enables when none are configured: its
     * default {@code ciphers} and TLSv1.3 {@code cipherSuites} resolved by Tomcat's own parser, less
     * those the JDK does not implement (Tomcat's JSSE connector drops them too, e.g. the PSK suites).
     */
    public static List<String> tomcatConnectorCipherSuites() {
        Set<String> implemented = Set.of(jdkContext().getServerSocketFactory().getSupportedCipherSuites());
        return new SSLHostConfig().getJsseCipherNames().stream().filter(implemented::contains).toList();
    }

    private static SSLContext jdkContext() {
        try {
            return SSLContext.getDefault();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no default TLS context", e);
        }
    }

    private static KeyManagerFactory keyManagers(Path keystore, String password) throws IOException {
        char[] secret = password.toCharArray();
        KeyStore store;
        try {
            store = KeyStore.getInstance(keystore.toFile(), secret);
        } catch (IOException | GeneralSecurityException e) {
            throw new IOException("the keystore " + keystore.toAbsolutePath() + " cannot be read: " + e.getMessage(), e);
        }
        if (Collections.list(aliases(store)).stream().noneMatch(alias -> isKey(store, alias))) {
            throw new IOException("the keystore " + keystore.toAbsolutePath() + " holds no private key");
        }
        try {
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, secret);
            return keys;
        } catch (GeneralSecurityException e) {
            throw new IOException("the key in " + keystore.toAbsolutePath() + " cannot be used: " + e.getMessage(), e);
        }
    }

    private static Enumeration<String> aliases(KeyStore store) {
        try {
            return store.aliases();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("a loaded keystore cannot list its entries", e);
        }
    }

    private static boolean isKey(KeyStore store, String alias) {
        try {
            return store.isKeyEntry(alias);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("a loaded keystore cannot read its entry " + alias, e);
        }
    }

    /** A handler for one new connection, to go first in its pipeline. */
    public SslHandler newHandler(ByteBufAllocator allocator) {
        return context.newHandler(allocator);
    }

    /** {@link SslProvider#OPENSSL} or {@link SslProvider#JDK}. */
    public SslProvider provider() {
        return provider;
    }

    /** The cipher suites enabled, by their JSSE names. */
    public List<String> cipherSuites() {
        return context.cipherSuites();
    }
}
