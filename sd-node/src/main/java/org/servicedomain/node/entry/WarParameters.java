package org.servicedomain.node.entry;

import jakarta.servlet.ServletContext;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.servicedomain.node.config.NodeOption;
import org.servicedomain.node.config.NodeOptions;
import org.servicedomain.node.config.NodeSettings;
import org.servicedomain.node.config.OptionValues;
import org.servicedomain.node.config.WarParameter;

/**
 * A WAR's settings: every option the table gives a {@link WarParameter}, from its context parameter, else
 * the system property of the same name (a secret as {@link WarSecrets} reads it), else the WAR's default.
 * Each value goes through the launcher's setter, so a bad one fails the deployment with the launcher's
 * message, naming the parameter. {@link #table()} is their list in docs/deploy.md.
 */
public final class WarParameters {

    private static final Pattern FLAG = Pattern.compile("--([a-z0-9-]+)");

    private WarParameters() {
    }

    /** The settings {@code context} (and the system properties, and {@code environment} for secrets) give. */
    public static NodeSettings read(ServletContext context, Map<String, String> environment) {
        WarSecrets secrets = new WarSecrets(context, environment);
        OptionValues values = new OptionValues();
        for (NodeOption option : NodeOptions.inWar()) {
            WarParameter parameter = option.war();
            String value = option.secret() ? secrets.read(parameter.name()) : setting(context, parameter.name());
            if (value == null) {
                value = parameter.defaultValue();
            }
            if (value != null) {
                values.apply(option, parameter.name(), value);
            }
        }
        return values.freeze(option -> option.war().name());
    }

    /** The context parameter {@code name}, else the system property, trimmed; null when neither is set. */
    private static String setting(ServletContext context, String name) {
        String value = context.getInitParameter(name);
        if (value == null || value.isBlank()) {
            value = System.getProperty(name);
        }
        return value == null || value.isBlank() ? null : value.trim();
    }

    /** The parameters as a Markdown table: name, the launcher's option, the WAR's default and what it sets. */
    public static String table() {
        StringBuilder out = new StringBuilder();
        out.append("| context parameter | launcher option | default | what it sets |\n");
        out.append("| --- | --- | --- | --- |\n");
        for (NodeOption option : NodeOptions.inWar()) {
            WarParameter parameter = option.war();
            String launcher = option.secret() ? "`" + option.environmentName() + "` (secret)" : "`" + option.flag() + "`";
            String fallback = option.defaultValue();
            String help = inWarWords(option.help());
            if (parameter.defaultValue() != null) {
                fallback = parameter.defaultValue() + (fallback == null ? "" : " (launcher: " + fallback + ")");
                help += " " + inWarWords(parameter.why());
            }
            out.append("| `").append(parameter.name()).append("` | ").append(launcher).append(" | ")
                    .append(fallback == null ? "" : fallback).append(" | ").append(help.replace("|", "\\|")).append(" |\n");
        }
        return out.toString();
    }

    /** {@code text} with each {@code --option} a WAR reads called by its context parameter. */
    private static String inWarWords(String text) {
        Matcher flag = FLAG.matcher(text);
        StringBuilder out = new StringBuilder();
        while (flag.find()) {
            NodeOption option = NodeOptions.find(flag.group(1));
            String name = option == null || option.launcherOnly() ? flag.group() : option.war().name();
            flag.appendReplacement(out, Matcher.quoteReplacement(name));
        }
        return flag.appendTail(out).toString();
    }
}
