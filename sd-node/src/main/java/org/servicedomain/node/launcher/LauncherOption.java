package org.servicedomain.node.launcher;

import java.util.Locale;

/**
 * One row of the launcher's option table: everything help, the environment, the configuration file
 * and the README say about an option comes from here, so they cannot drift apart.
 *
 * @param name the option's name: {@code --NAME} on the command line, {@code NAME} in the file
 * @param valueLabel how help shows the value ({@code N}, {@code DIR}); null for a switch
 * @param defaultValue the default as help shows it; null when there is none or it is described in {@code help}
 * @param help one sentence
 * @param secret given only in the environment or the file, never on the command line (where {@code ps} shows it)
 * @param setter applies a value from any source
 */
record LauncherOption(String name, String valueLabel, String defaultValue, String help, boolean secret, Setter setter) {

    /** Applies a value given under {@code flag}; throws IllegalArgumentException saying what was wrong. */
    @FunctionalInterface
    interface Setter {
        void set(LauncherOptions.Values values, String flag, String value);
    }

    static LauncherOption value(String name, String valueLabel, Object defaultValue, String help, Setter setter) {
        return new LauncherOption(name, valueLabel, defaultValue == null ? null : defaultValue.toString(), help, false, setter);
    }

    /** An option without a value on the command line ({@code --access-log}); {@code true}/{@code false} elsewhere. */
    static LauncherOption toggle(String name, String help, Setter setter) {
        return new LauncherOption(name, null, "off", help, false, setter);
    }

    static LauncherOption secret(String name, String help, Setter setter) {
        return new LauncherOption(name, "SECRET", null, help, true, setter);
    }

    boolean isToggle() {
        return valueLabel == null;
    }

    String flag() {
        return "--" + name;
    }

    /** {@code SD_} and the name in upper case with underscores: {@code data-dir} is {@code SD_DATA_DIR}. */
    String environmentName() {
        return "SD_" + name.toUpperCase(Locale.ROOT).replace('-', '_');
    }
}
