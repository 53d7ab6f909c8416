package org.servicedomain.node.config;

import java.util.Locale;

/**
 * One row of the node's option table: everything the launcher's help, environment and configuration
 * file, the WAR's context parameters and the docs say about a setting comes from here, so they cannot
 * drift apart.
 *
 * @param name the option's name: {@code --NAME} on the command line, {@code NAME} in the file
 * @param valueLabel how help shows the value ({@code N}, {@code DIR}); null for a switch
 * @param defaultValue the default as help shows it; null when there is none or it is described in {@code help}
 * @param help one sentence
 * @param secret given only in the environment or the file, never on the command line (where {@code ps} shows it)
 * @param war the WAR's context parameter of this option; null when the option is the launcher's alone (its
 *     listeners, TLS, logs, discovery), which a WAR's container has of its own
 * @param setter applies a value from any source, with the same checks for every entry
 */
public record NodeOption(String name, String valueLabel, String defaultValue, String help, boolean secret,
        WarParameter war, Setter setter) {

    /** Applies a value given under {@code where}; throws IllegalArgumentException saying what was wrong. */
    @FunctionalInterface
    public interface Setter {
        void set(OptionValues values, String where, String value);
    }

    static NodeOption value(String name, String valueLabel, Object defaultValue, String help, Setter setter) {
        return new NodeOption(name, valueLabel, defaultValue == null ? null : defaultValue.toString(), help, false, null, setter);
    }

    /** An option without a value on the command line ({@code --access-log}); {@code true}/{@code false} elsewhere. */
    static NodeOption toggle(String name, String help, Setter setter) {
        return new NodeOption(name, null, "off", help, false, null, setter);
    }

    static NodeOption secret(String name, String help, Setter setter) {
        return new NodeOption(name, "SECRET", null, help, true, null, setter);
    }

    /** This option, read by the WAR too, as the context parameter {@link WarParameter#nameOf named after it}, with the launcher's default. */
    NodeOption inWar() {
        return withWar(new WarParameter(WarParameter.nameOf(name), null, null));
    }

    /** As {@link #inWar()}, where a WAR has {@code warDefault} instead of the launcher's default, for the reason {@code why}. */
    NodeOption inWar(Object warDefault, String why) {
        return withWar(new WarParameter(WarParameter.nameOf(name), warDefault.toString(), why));
    }

    private NodeOption withWar(WarParameter parameter) {
        return new NodeOption(name, valueLabel, defaultValue, help, secret, parameter, setter);
    }

    /** Whether only the launcher has this option (a WAR reads no context parameter for it). */
    public boolean launcherOnly() {
        return war == null;
    }

    public boolean isToggle() {
        return valueLabel == null;
    }

    public String flag() {
        return "--" + name;
    }

    /** {@code SD_} and the name in upper case with underscores: {@code data-dir} is {@code SD_DATA_DIR}. */
    public String environmentName() {
        return "SD_" + name.toUpperCase(Locale.ROOT).replace('-', '_');
    }
}
