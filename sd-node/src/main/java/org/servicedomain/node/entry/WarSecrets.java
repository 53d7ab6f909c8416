package org.servicedomain.node.entry;

import jakarta.servlet.ServletContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a WAR deployed in a stock Tomcat finds a secret such as {@code sd.parentSecret}: its context
 * parameter, then the environment variable of the launcher's name ({@code SD_PARENT_SECRET}), then
 * the file named by {@code sd.parentSecretFile} (context parameter, system property, or
 * {@code SD_PARENT_SECRET_FILE}), and last the system property, which every local user sees in
 * {@code ps}, so using it is warned about.
 */
final class WarSecrets {

    private static final Logger LOG = LoggerFactory.getLogger(WarSecrets.class);

    private final ServletContext context;
    private final Map<String, String> environment;

    WarSecrets(ServletContext context, Map<String, String> environment) {
        this.context = context;
        this.environment = environment;
    }

    /** The secret {@code name} (e.g. {@code sd.parentSecret}), or null when it is set nowhere. */
    String read(String name) {
        String value = context.getInitParameter(name);
        if (present(value)) {
            return value;
        }
        String variable = environmentName(name);
        value = environment.get(variable);
        if (present(value)) {
            return value;
        }
        String file = context.getInitParameter(name + "File");
        if (!present(file)) {
            file = System.getProperty(name + "File");
        }
        if (!present(file)) {
            file = environment.get(variable + "_FILE");
        }
        if (present(file)) {
            return fromFile(name, Path.of(file.trim()));
        }
        value = System.getProperty(name);
        if (present(value)) {
            LOG.warn("{} is read from a system property, which every local user sees in ps; set {}, or {}File to a file"
                    + " readable by Tomcat's user only, instead", name, variable, name);
            return value;
        }
        return null;
    }

    /** {@code sd.parentSecret} to {@code SD_PARENT_SECRET}, the launcher's name of the same setting. */
    static String environmentName(String name) {
        return name.replaceFirst("^sd\\.", "SD_").replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }

    private static String fromFile(String name, Path file) {
        try {
            String value = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (value.isEmpty()) {
                throw new IllegalArgumentException(name + "File: " + file.toAbsolutePath() + " is empty");
            }
            return value;
        } catch (IOException e) {
            throw new UncheckedIOException(name + "File: cannot read " + file.toAbsolutePath(), e);
        }
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
