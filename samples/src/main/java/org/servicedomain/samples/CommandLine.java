package org.servicedomain.samples;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.servicedomain.client.discovery.DiscoveryNetwork;
import org.servicedomain.client.discovery.DiscoverySignatures;
import org.servicedomain.samples.provider.ProviderAnnouncement;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleService;

/** Parses {@link SamplesMain}'s arguments into a {@link Command}; anything wrong is a {@link UsageException}. */
public final class CommandLine {

    public static final String USAGE = String.join(System.lineSeparator(),
            "usage: java -jar sd-samples.jar provider --service stockquote|other-quotes|creditcheck|blast|blast-blue|blast-green|blast-red|"
            + "online-trading|personal-loans|investment-banking|commodity-trading|backout",
            "                                --name NAME --port N [--host ADDRESS] [--delay-ms D] [--fail-rate F] [--workers N] [--soap12]",
            "                                [--databases a,b]    (blast only; blast-blue/green/red hold database1/2/3)",
            "                                [--symbols A,B]      (stockquote only: the symbols monitorStocks answers; default all)",
            "                                [--announce [--announce-interface lo] [--announce-port 3702]",
            "                                 [--announce-proxy http://host:8080/sd/services/discovery] [--announce-scopes URI,...]",
            "                                 [--announce-signing-keystore FILE.p12 [--announce-signing-keystore-password PW]]]",
            "                                (signed: a node with --discovery-trusted-signers holding the key's certificate takes it)",
            "       java -jar sd-samples.jar demo [--node http://localhost:8080/sd] [--base-port 9001] [--host ADDRESS] [--announce]",
            "                                (--host: the providers listen on ADDRESS only; the node defaults to http://ADDRESS:8080/sd)",
            "                                (--announce: WS-Discovery Hello instead of register; node --discovery managed)",
            "       java -jar sd-samples.jar grid --uf URL --ubc URL --upm URL --wfs URL [--base-port 9101]",
            "                                (child secrets from SD_SECRET_UBC, SD_SECRET_UPM, SD_SECRET_WFS)",
            "       java -jar sd-samples.jar --help");

    static final URI DEFAULT_NODE = URI.create("http://localhost:8080/sd");
    static final int DEFAULT_BASE_PORT = 9001;

    private static final Set<String> PROVIDER_OPTIONS =
            Set.of("--service", "--name", "--port", "--host", "--delay-ms", "--fail-rate", "--workers", "--soap12", "--databases",
                    "--symbols", "--announce", "--announce-interface", "--announce-port", "--announce-proxy", "--announce-scopes",
                    "--announce-signing-keystore", "--announce-signing-keystore-password");
    private static final Set<String> DEMO_OPTIONS = Set.of("--node", "--base-port", "--host", "--announce");
    private static final Set<String> GRID_OPTIONS = Set.of("--uf", "--ubc", "--upm", "--wfs", "--base-port");
    private static final Set<String> FLAGS = Set.of("--soap12", "--announce");

    private CommandLine() {
    }

    public static Command parse(String... args) {
        if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
            return new Command.ShowHelp();
        }
        if (args.length == 0) {
            throw new UsageException("no command given");
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        return switch (args[0]) {
            case "provider" -> provider(options(rest, PROVIDER_OPTIONS));
            case "demo" -> demo(options(rest, DEMO_OPTIONS));
            case "grid" -> grid(options(rest, GRID_OPTIONS));
            default -> throw new UsageException("unknown command " + args[0]);
        };
    }

    private static Command provider(Map<String, String> o) {
        try {
            ProviderOptions options = ProviderOptions
                    .builder(SampleService.fromName(required(o, "--service")), required(o, "--name"))
                    .port(parseInt(required(o, "--port"), "--port"))
                    .delayMs(o.containsKey("--delay-ms") ? parseLong(o.get("--delay-ms"), "--delay-ms") : 0)
                    .failRate(o.containsKey("--fail-rate") ? parseDouble(o.get("--fail-rate"), "--fail-rate") : 0)
                    .workers(o.containsKey("--workers") ? parseInt(o.get("--workers"), "--workers") : 0)
                    .soap12(o.containsKey("--soap12"))
                    .host(o.get("--host"))
                    .databases(list(o.get("--databases")))
                    .symbols(list(o.get("--symbols")))
                    .build();
            return new Command.RunProvider(options, announcement(o));
        } catch (UsageException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
    }

    /** A comma-separated option's values, trimmed, without empty ones; none when the option is absent. */
    private static List<String> list(String value) {
        return value == null ? List.of()
                : Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    /** The provider's WS-Discovery announcement, or null without {@code --announce}. */
    private static ProviderAnnouncement announcement(Map<String, String> o) {
        if (!o.containsKey("--announce")) {
            for (String option : List.of("--announce-interface", "--announce-port", "--announce-proxy", "--announce-scopes",
                    "--announce-signing-keystore", "--announce-signing-keystore-password")) {
                if (o.containsKey(option)) {
                    throw new UsageException(option + " needs --announce");
                }
            }
            return null;
        }
        int port = o.containsKey("--announce-port") ? parseInt(o.get("--announce-port"), "--announce-port")
                : DiscoveryNetwork.STANDARD_PORT;
        URI proxy = o.containsKey("--announce-proxy") ? nodeUrl(o.get("--announce-proxy"), "--announce-proxy") : null;
        List<String> scopes = list(o.get("--announce-scopes"));
        return new ProviderAnnouncement(DiscoveryNetwork.on(o.get("--announce-interface"), port), proxy, scopes, signatures(o));
    }

    /** The key that signs the announcements, as the node reads its own ({@code --discovery-signing-keystore}). */
    private static DiscoverySignatures signatures(Map<String, String> o) {
        String keystore = o.get("--announce-signing-keystore");
        String password = o.get("--announce-signing-keystore-password");
        if (keystore == null) {
            if (password != null) {
                throw new UsageException("--announce-signing-keystore-password needs --announce-signing-keystore");
            }
            return DiscoverySignatures.NONE;
        }
        return DiscoverySignatures.signingWith(Path.of(keystore), password == null ? new char[0] : password.toCharArray(), null);
    }

    private static Command demo(Map<String, String> o) {
        String host = o.get("--host");
        URI node = host == null ? DEFAULT_NODE
                : URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":8080/sd");
        if (o.containsKey("--node")) {
            try {
                node = URI.create(o.get("--node"));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--node must be a URL but was " + o.get("--node"), e);
            }
            if (!"http".equals(node.getScheme()) && !"https".equals(node.getScheme())) {
                throw new UsageException("--node must be an http(s) URL but was " + node);
            }
        }
        int basePort = o.containsKey("--base-port") ? parseInt(o.get("--base-port"), "--base-port") : DEFAULT_BASE_PORT;
        if (basePort < 0 || basePort > 65_535 - 4) {
            throw new UsageException("--base-port must be between 0 and 65531 but was " + basePort);
        }
        return new Command.RunDemo(node, basePort, o.containsKey("--announce"), host);
    }

    private static Command grid(Map<String, String> o) {
        Map<String, URI> nodes = new LinkedHashMap<>();
        for (String name : List.of("UF", "UBC", "UPM", "WFS")) {
            nodes.put(name, nodeUrl(required(o, "--" + name.toLowerCase(Locale.ROOT)), "--" + name.toLowerCase(Locale.ROOT)));
        }
        int basePort = o.containsKey("--base-port") ? parseInt(o.get("--base-port"), "--base-port") : 9101;
        if (basePort < 0 || basePort > 65_535 - 7) {
            throw new UsageException("--base-port must be between 0 and 65528 but was " + basePort);
        }
        return new Command.RunGrid(nodes, basePort);
    }

    private static URI nodeUrl(String value, String option) {
        try {
            URI node = URI.create(value);
            if ("http".equals(node.getScheme()) || "https".equals(node.getScheme())) {
                return node;
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + " must be a URL but was " + value, e);
        }
        throw new UsageException(option + " must be an http(s) URL but was " + value);
    }

    private static Map<String, String> options(List<String> args, Set<String> allowed) {
        Map<String, String> values = new HashMap<>();
        List<String> queue = new ArrayList<>(args);
        while (!queue.isEmpty()) {
            String name = queue.remove(0);
            if (!allowed.contains(name)) {
                throw new UsageException("unknown option " + name);
            }
            if (FLAGS.contains(name)) {
                values.put(name, "true");
            } else if (queue.isEmpty()) {
                throw new UsageException(name + " needs a value");
            } else if (values.put(name, queue.remove(0)) != null) {
                throw new UsageException(name + " given twice");
            }
        }
        return values;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new UsageException(name + " is required");
        }
        return value;
    }

    private static int parseInt(String value, String name) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new UsageException(name + " must be an integer but was " + value, e);
        }
    }

    private static long parseLong(String value, String name) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new UsageException(name + " must be an integer but was " + value, e);
        }
    }

    private static double parseDouble(String value, String name) {
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new UsageException(name + " must be a number but was " + value, e);
        }
    }
}
