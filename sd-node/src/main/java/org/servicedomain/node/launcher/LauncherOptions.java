package org.servicedomain.node.launcher;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.servicedomain.node.config.NodeOption;
import org.servicedomain.node.config.NodeOptions;
import org.servicedomain.node.config.NodeSettings;
import org.servicedomain.node.config.OptionValues;

/**
 * The launcher's reading of the node's options ({@link NodeOptions#TABLE}): from the command line, the
 * environment ({@code SD_PORT}, ...) and a configuration file ({@code --config FILE}, properties or
 * YAML), in that order of precedence, over the defaults.
 */
final class LauncherOptions {

    /** The {@code --console} value that turns the console off. */
    static final String NO_CONSOLE = "none";

    private LauncherOptions() {
    }

    /** The options from the command line alone, or null when it asks for help. */
    static NodeSettings parse(String[] args) {
        return parse(args, Map.of());
    }

    /**
     * The options from the command line, then {@code environment}, then the configuration file
     * ({@code --config} or {@code SD_CONFIG}), then the defaults; null when the command line asks for help.
     */
    static NodeSettings parse(String[] args, Map<String, String> environment) {
        Map<String, String> commandLine = commandLine(args);
        if (commandLine == null) {
            return null;
        }
        Map<String, Source> chosen = new LinkedHashMap<>();
        String file = commandLine.getOrDefault(NodeOptions.CONFIG, environment.get(NodeOptions.named(NodeOptions.CONFIG).environmentName()));
        if (file != null && !file.isBlank()) {
            ConfigFile.read(Path.of(file)).forEach((name, value) -> chosen.put(name, new Source(file + ": " + name, value)));
        }
        for (NodeOption option : NodeOptions.TABLE) {
            String value = environment.get(option.environmentName());
            if (value != null && !value.isBlank()) {
                chosen.put(option.name(), new Source(option.environmentName(), value));
            }
        }
        commandLine.forEach((name, value) -> chosen.put(name, new Source(NodeOptions.named(name).flag(), value)));
        OptionValues values = new OptionValues();
        chosen.forEach((name, source) -> values.apply(NodeOptions.named(name), source.where(), source.value().trim()));
        return values.freeze(LauncherOptions::named);
    }

    /** How the launcher's messages name an option: a secret never as a flag, since it is never given as one. */
    private static String named(NodeOption option) {
        return option.secret() ? option.name() + " (" + option.environmentName() + ")" : option.flag();
    }

    private record Source(String where, String value) {
    }

    /** Option name to value as given on the command line; null for help. */
    private static Map<String, String> commandLine(String[] args) {
        Map<String, String> given = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String flag = args[i];
            if (flag.equals("--help") || flag.equals("-h")) {
                return null;
            }
            NodeOption option = flag.startsWith("--") ? NodeOptions.find(flag.substring(2)) : null;
            if (option == null) {
                throw unknown(flag, i);
            }
            if (option.secret()) {
                throw new IllegalArgumentException(flag + " is a secret: give it as " + option.environmentName()
                        + " or in the --config file, not on the command line where every user's ps shows it");
            }
            if (option.isToggle()) {
                given.put(option.name(), "true");
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value after " + flag);
            }
            given.put(option.name(), args[++i]);
        }
        return given;
    }

    /**
     * The error for an argument that is no option, which never repeats what followed an {@code =} nor a
     * bare word: either may be a secret typed in the wrong form.
     */
    private static IllegalArgumentException unknown(String flag, int index) {
        if (!flag.startsWith("--")) {
            return new IllegalArgumentException("argument " + (index + 1) + " is not an option (options start with --;"
                    + " a value follows its option after a space)");
        }
        int equals = flag.indexOf('=');
        if (equals < 0) {
            return new IllegalArgumentException("unknown option " + flag);
        }
        String name = flag.substring(0, equals);
        NodeOption meant = NodeOptions.find(name.substring(2));
        if (meant != null && meant.secret()) {
            return new IllegalArgumentException(name + " is a secret: give it as " + meant.environmentName()
                    + " or in the --config file, not on the command line where every user's ps shows it (its value is not shown)");
        }
        return new IllegalArgumentException("unknown option " + name + "=... (a value follows its option after a space;"
                + " the value is not shown)");
    }

    /** The --config file the command line or {@code environment} names, or null; for checks made once logging is set up. */
    static Path configFile(String[] args, Map<String, String> environment) {
        Map<String, String> commandLine = commandLine(args);
        String file = commandLine == null ? null
                : commandLine.getOrDefault(NodeOptions.CONFIG, environment.get(NodeOptions.named(NodeOptions.CONFIG).environmentName()));
        return file == null || file.isBlank() ? null : Path.of(file);
    }

    /** What {@code --help} prints: usage, the precedence, and every option of the table. */
    static String help() {
        StringBuilder out = new StringBuilder();
        out.append("usage: java -jar sd-node-standalone.jar [--OPTION VALUE]... | --help | --version\n\n");
        out.append("Each option can also be set by its environment variable, or as NAME in the --config file\n");
        out.append("(NAME=VALUE in properties, NAME: VALUE in YAML). Precedence: command line, environment,\n");
        out.append("file, default. Secrets are read only from the environment or the file.\n\n");
        for (NodeOption option : NodeOptions.TABLE) {
            String left = option.secret() ? option.name() + " (secret)"
                    : option.flag() + (option.isToggle() ? "" : " " + option.valueLabel());
            out.append(String.format("  %-42s %s%n", left, option.environmentName()));
            out.append("      ").append(option.help());
            if (option.defaultValue() != null) {
                out.append(" Default: ").append(option.defaultValue()).append('.');
            }
            out.append('\n');
        }
        return out.toString();
    }
}
