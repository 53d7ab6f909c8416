package org.servicedomain.node.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The launcher's configuration file: {@code NAME=VALUE} lines (properties), or, for a name ending
 * in {@code .yml} or {@code .yaml}, one flat YAML mapping {@code NAME: VALUE}; names are the
 * options' names without the dashes. An unknown name or a nested value is refused with the file named.
 */
final class ConfigFile {

    private ConfigFile() {
    }

    /** Option name to value, as the file gives them. */
    static Map<String, String> read(Path file) {
        Map<String, String> values;
        try {
            String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
            values = name.endsWith(".yml") || name.endsWith(".yaml") ? yaml(file) : properties(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("--config: cannot read " + file.toAbsolutePath() + ": " + e.getMessage(), e);
        }
        for (String key : values.keySet()) {
            LauncherOption option = LauncherOptions.find(key);
            if (option == null || key.equals(LauncherOptions.CONFIG)) {
                throw new IllegalArgumentException(file + ": unknown option '" + key + "' (the names are those of --help"
                        + " without the dashes)");
            }
        }
        return values;
    }

    private static Map<String, String> properties(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        Map<String, String> values = new LinkedHashMap<>();
        properties.stringPropertyNames().forEach(key -> values.put(key.trim(), properties.getProperty(key)));
        return values;
    }

    private static Map<String, String> yaml(Path file) throws IOException {
        JsonNode root = new YAMLMapper().readTree(file.toFile());
        Map<String, String> values = new LinkedHashMap<>();
        if (root == null || root.isMissingNode() || root.isNull()) {
            return values;
        }
        if (!(root instanceof ObjectNode mapping)) {
            throw new IllegalArgumentException(file + ": needs a mapping of option names to values");
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = mapping.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (field.getValue().isNull()) {
                continue;
            }
            if (!field.getValue().isValueNode()) {
                throw new IllegalArgumentException(file + ": the value of '" + field.getKey() + "' must be a single value");
            }
            values.put(field.getKey(), field.getValue().asText());
        }
        return values;
    }
}
