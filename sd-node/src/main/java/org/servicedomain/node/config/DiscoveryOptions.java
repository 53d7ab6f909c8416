package org.servicedomain.node.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.servicedomain.client.discovery.DiscoverySignatures;
import org.servicedomain.node.discovery.DiscoveryConfig;
import org.servicedomain.node.discovery.DiscoveryLimits;
import org.servicedomain.node.discovery.DiscoveryMode;

/**
 * The launcher's WS-Discovery options: {@code --discovery adhoc|managed|off} (default off: no UDP
 * socket is opened), {@code --discovery-interface NAME} (default: the first multicast interface that is
 * up and not loopback), {@code --discovery-port 3702}, {@code --discovery-scopes "URI ..."} and the
 * bounds on answers by UDP, {@code --discovery-max-answer-bytes}, {@code --discovery-answers-per-second}
 * and {@code --discovery-answer-repeats}, the random wait before them, {@code --discovery-answer-delay}
 * (APP_MAX_DELAY, 500 ms), how many announced targets the managed proxy remembers,
 * {@code --discovery-remembered-targets}, and the keys of compact signatures,
 * {@code --discovery-signing-keystore} (with its password) and {@code --discovery-trusted-signers}.
 */
final class DiscoveryOptions {

    private DiscoveryMode mode = DiscoveryMode.OFF;
    private String interfaceName;
    private int port = DiscoveryConfig.STANDARD_PORT;
    private final List<String> scopes = new ArrayList<>();
    private DiscoveryLimits limits = DiscoveryLimits.DEFAULT;
    private java.time.Duration maxAnswerDelay = DiscoveryConfig.STANDARD_MAX_ANSWER_DELAY;
    private String signingKeystore;
    private String signingKeystorePassword;
    private String trustedSigners;

    /** Takes {@code flag} if it is a discovery option; returns whether it was. */
    boolean accept(String flag, String value) {
        switch (flag) {
            case "--discovery" -> mode = DiscoveryMode.of(value);
            case "--discovery-interface" -> interfaceName = value;
            case "--discovery-port" -> port = port(value);
            case "--discovery-scopes" -> scopes(value).forEach(scope -> scopes.add(scope(scope)));
            case "--discovery-max-answer-bytes" -> limits = limits.withMaxAnswerBytes(number(flag, value));
            case "--discovery-answers-per-second" -> limits = limits.withAnswersPerSecond(number(flag, value));
            case "--discovery-answer-repeats" -> limits = limits.withAnswerRepeats(number(flag, value));
            case "--discovery-remembered-targets" -> limits = limits.withRememberedTargets(number(flag, value));
            case "--discovery-answer-delay" -> maxAnswerDelay = answerDelay(value);
            case "--discovery-signing-keystore" -> signingKeystore = value;
            case "--discovery-signing-keystore-password" -> signingKeystorePassword = value;
            case "--discovery-trusted-signers" -> trustedSigners = value;
            default -> {
                return false;
            }
        }
        return true;
    }

    DiscoveryConfig config() {
        return DiscoveryConfig.of(mode, interfaceName, port, scopes).withLimits(limits).withSignatures(signatures())
                .withMaxAnswerDelay(maxAnswerDelay);
    }

    private DiscoverySignatures signatures() {
        if (signingKeystore == null && signingKeystorePassword != null) {
            throw new IllegalArgumentException("--discovery-signing-keystore-password needs --discovery-signing-keystore");
        }
        DiscoverySignatures signatures = signingKeystore == null ? DiscoverySignatures.NONE
                : DiscoverySignatures.signingWith(Path.of(signingKeystore),
                        signingKeystorePassword == null ? new char[0] : signingKeystorePassword.toCharArray(), null);
        return trustedSigners == null ? signatures : signatures.trusting(DiscoverySignatures.certificatesIn(Path.of(trustedSigners)));
    }

    private static int number(String flag, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(flag + " needs a number but got " + value, e);
        }
    }

    private static java.time.Duration answerDelay(String value) {
        int ms = number("--discovery-answer-delay", value);
        if (ms < 0 || ms > 10_000) {
            throw new IllegalArgumentException("--discovery-answer-delay must be between 0 and 10000 ms but was " + ms);
        }
        return java.time.Duration.ofMillis(ms);
    }

    private static int port(String value) {
        try {
            int n = Integer.parseInt(value);
            if (n < 1 || n > 65535) {
                throw new IllegalArgumentException("--discovery-port must be between 1 and 65535 but was " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--discovery-port needs a number but got " + value, e);
        }
    }

    /**
     * The scopes in {@code value}: separated by whitespace, as WS-Discovery's own Scopes list is, so a
     * comma inside an LDAP scope ({@code ldap:///ou=sales,o=example}) stays in it. For the older
     * comma-separated form, a comma still separates where what follows it starts a URI ({@code scheme:}),
     * which a DN's next RDN ({@code o=example}) never does.
     */
    static List<String> scopes(String value) {
        List<String> out = new ArrayList<>();
        for (String token : value.trim().split("\\s+")) {
            for (String scope : token.split(",(?=[A-Za-z][A-Za-z0-9+.-]*:)")) {
                String trimmed = scope.endsWith(",") ? scope.substring(0, scope.length() - 1) : scope;
                if (!trimmed.isBlank()) {
                    out.add(trimmed);
                }
            }
        }
        return out;
    }

    private static String scope(String scope) {
        try {
            if (!new java.net.URI(scope).isAbsolute()) {
                throw new IllegalArgumentException("--discovery-scopes needs absolute URIs but got " + scope);
            }
            return scope;
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("--discovery-scopes: " + scope + " is not a URI", e);
        }
    }
}
