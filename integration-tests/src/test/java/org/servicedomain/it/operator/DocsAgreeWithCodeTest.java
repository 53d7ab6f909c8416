package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.client.cli.Sdctl;
import org.servicedomain.node.cluster.ClusterImportCommand;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.qos.QosPlanCommand;
import picocli.CommandLine;

/**
 * The documentation (README.md and docs/*.md) names no option and no fault code the code lacks, and
 * leaves none of the launcher's options or the node's fault codes out. The launcher's options are read
 * from the README's {@code --help} block, which LauncherConfigurationTest holds equal to the launcher's
 * own {@code --help}.
 */
class DocsAgreeWithCodeTest {

    private static final Path ROOT = Path.of("..");
    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)");
    private static final String HELP_BEGIN = "<!-- launcher --help: begin -->";
    private static final String HELP_END = "<!-- launcher --help: end -->";

    /** Options of programs the docs show that are not the project's: each says whose it is. */
    private static final Map<String, String> OUTSIDE_OPTIONS = Map.ofEntries(
            Map.entry("data", "curl"), Map.entry("vacuum-time", "journalctl"), Map.entry("latency", "wrk"),
            Map.entry("now", "systemctl"));

    @Test
    void everyOptionTheDocsNameIsAnOptionOfTheLauncherOrOfAnotherOfTheProjectsCommands() throws IOException {
        Set<String> known = new TreeSet<>(launcherOptions());
        known.addAll(optionsIn(ClusterImportCommand.USAGE));
        known.addAll(optionsIn(QosPlanCommand.USAGE));
        known.addAll(optionsIn(org.servicedomain.samples.CommandLine.USAGE));
        known.addAll(sdctlOptions(new CommandLine(Sdctl.class)));
        for (Path script : scripts()) {
            known.addAll(optionsIn(Files.readString(script)));
        }
        known.addAll(OUTSIDE_OPTIONS.keySet());

        Map<String, Set<String>> unknown = new LinkedHashMap<>();
        docs().forEach((doc, text) -> {
            Set<String> named = optionsIn(text);
            named.removeAll(known);
            if (!named.isEmpty()) {
                unknown.put(doc, named);
            }
        });

        assertThat(unknown).as("options the docs name that no command of the project has").isEmpty();
    }

    @Test
    void everyLauncherOptionIsDocumentedBesideTheHelpBlock() throws IOException {
        StringBuilder prose = new StringBuilder();
        docs().forEach((doc, text) -> prose.append(doc.equals("README.md") ? withoutHelpBlock(text) : text).append('\n'));
        Set<String> documented = optionsIn(prose.toString());

        Set<String> undocumented = new TreeSet<>();
        for (String option : launcherOptions()) {
            String environment = "SD_" + option.toUpperCase(java.util.Locale.ROOT).replace('-', '_');
            // a secret cannot be given as --NAME, so its environment variable documents it
            if (!documented.contains(option) && !prose.toString().contains(environment)) {
                undocumented.add(option);
            }
        }

        assertThat(undocumented).as("launcher options that only the --help block mentions").isEmpty();
    }

    @Test
    void theHomePortsFaultCodeTableListsExactlyTheNodesFaultCodes() throws IOException {
        String homePort = Files.readString(ROOT.resolve("docs/home-port.md"));
        Set<String> tabled = new TreeSet<>();
        Matcher row = Pattern.compile("(?m)^\\| `(\\w+)` \\| (?:yes|no) \\|").matcher(homePort);
        while (row.find()) {
            tabled.add(row.group(1));
        }

        assertThat(tabled).isEqualTo(Arrays.stream(FaultCode.values()).map(Enum::name).collect(Collectors.toCollection(TreeSet::new)));
    }

    @Test
    void everyFaultCodeTheDocsNameIsOneTheNodeOrTheClientAnswers() throws IOException {
        Set<String> codes = Arrays.stream(FaultCode.values()).map(Enum::name).collect(Collectors.toCollection(TreeSet::new));
        codes.addAll(clientCodes());
        // where the docs name a code: in sd:fault examples, and after "code", "answers", "answered", "refused with"
        Pattern named = Pattern.compile("<sd:code>(\\w+)</sd:code>|\"code\"\\s*:\\s*\"(\\w+)\""
                + "|(?:sd:code`?|[Ff]ault code|code|answers|answered|refused with) `([A-Z]\\w*)`((?:(?:,| or| and) `\\w+`)*)");

        Map<String, Set<String>> unknown = new LinkedHashMap<>();
        docs().forEach((doc, text) -> {
            Matcher m = named.matcher(text);
            while (m.find()) {
                Set<String> found = new TreeSet<>();
                for (int group = 1; group <= 3; group++) {
                    if (m.group(group) != null) {
                        found.add(m.group(group));
                    }
                }
                if (m.group(4) != null) {
                    Matcher more = Pattern.compile("`(\\w+)`").matcher(m.group(4));
                    while (more.find()) {
                        found.add(more.group(1));
                    }
                }
                found.removeAll(codes);
                if (!found.isEmpty()) {
                    unknown.computeIfAbsent(doc, d -> new TreeSet<>()).addAll(found);
                }
            }
        });

        assertThat(unknown).as("fault codes the docs name that neither the node nor the client answers").isEmpty();
    }

    /** The launcher's options, from the README's copy of its --help (secrets listed as NAME (secret)). */
    private static Set<String> launcherOptions() throws IOException {
        List<String> readme = Files.readAllLines(ROOT.resolve("README.md"));
        List<String> block = readme.subList(readme.indexOf(HELP_BEGIN) + 1, readme.indexOf(HELP_END));
        Set<String> options = new TreeSet<>();
        Pattern row = Pattern.compile("^  (?:--([a-z0-9-]+)|([a-z0-9-]+) \\(secret\\))");
        for (String line : block) {
            Matcher m = row.matcher(line);
            if (m.find()) {
                options.add(m.group(1) != null ? m.group(1) : m.group(2));
            }
        }
        options.addAll(optionsIn(block.stream().filter(l -> l.startsWith("usage:")).findFirst().orElseThrow()));
        assertThat(options).as("the README's --help block").hasSizeGreaterThan(50);
        return options;
    }

    private static Set<String> sdctlOptions(CommandLine command) {
        Set<String> options = new TreeSet<>();
        command.getCommandSpec().options().forEach(o -> Arrays.stream(o.names()).forEach(n -> options.addAll(optionsIn(n))));
        command.getSubcommands().values().forEach(sub -> options.addAll(sdctlOptions(sub)));
        return options;
    }

    /** The codes the Java client gives for failures of its own ({@code NodeClientException.UNREACHABLE}, ...). */
    private static Set<String> clientCodes() {
        Set<String> codes = new TreeSet<>();
        for (Field field : NodeClientException.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                try {
                    codes.add((String) field.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return codes;
    }

    private static List<Path> scripts() throws IOException {
        try (Stream<Path> bin = Files.list(ROOT.resolve("bin")); Stream<Path> bench = Files.list(ROOT.resolve("bench"))) {
            return Stream.concat(bin, bench.filter(p -> p.toString().endsWith(".sh"))).filter(Files::isRegularFile).toList();
        }
    }

    /** README.md and every docs/*.md, by name, in a stable order. */
    private static Map<String, String> docs() throws IOException {
        Map<String, String> docs = new LinkedHashMap<>();
        docs.put("README.md", Files.readString(ROOT.resolve("README.md")));
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            for (Path doc : files.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                docs.put("docs/" + doc.getFileName(), Files.readString(doc));
            }
        }
        return docs;
    }

    private static String withoutHelpBlock(String readme) {
        int begin = readme.indexOf(HELP_BEGIN);
        int end = readme.indexOf(HELP_END);
        return readme.substring(0, begin) + readme.substring(end + HELP_END.length());
    }

    private static Set<String> optionsIn(String text) {
        Set<String> options = new TreeSet<>();
        Matcher m = OPTION.matcher(text);
        while (m.find()) {
            options.add(m.group(1));
        }
        return options;
    }
}
