package org.servicedomain.node.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.servicedomain.node.config.NodeOption;
import org.servicedomain.node.config.NodeOptions;

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
            NodeOption option = NodeOptions.find(key);
            if (option == null || key.equals(NodeOptions.CONFIG)) {
                throw new IllegalArgumentException(file + ": unknown option '" + key + "' (the names are those of --help"
                        + " without the dashes)");
            }
        }
        return values;
    }

    /**
     * A warning when {@code file} holds a secret option and users other than its owner may read it
     * (group or others have read permission), naming the file and its mode; empty otherwise, or where
     * the file system has no POSIX permissions. The launcher warns and goes on rather than refusing, so
     * a node already deployed this way still starts (docs/security.md).
     */
    static Optional<String> secretsReadableByOthers(Path file) {
        List<String> secrets = read(file).keySet().stream().filter(name -> NodeOptions.find(name).secret()).sorted().toList();
        if (secrets.isEmpty()) {
            return Optional.empty();
        }
        Set<PosixFilePermission> mode;
        try {
            mode = Files.getPosixFilePermissions(file);
        } catch (UnsupportedOperationException e) {
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("--config: could not read the mode of " + file.toAbsolutePath() + ", which holds secrets "
                    + secrets + ": " + e.getMessage());
        }
        if (!mode.contains(PosixFilePermission.GROUP_READ) && !mode.contains(PosixFilePermission.OTHERS_READ)) {
            return Optional.empty();
        }
        return Optional.of("--config file " + file.toAbsolutePath() + " holds secrets " + secrets + " but has mode "
                + octal(mode) + " (" + PosixFilePermissions.toString(mode) + "): other users may read it; chmod 600 it");
    }

    private static String octal(Set<PosixFilePermission> mode) {
        int bits = 0;
        for (PosixFilePermission p : mode) {
            bits |= 1 << (8 - p.ordinal());
        }
        return String.format("%04o", bits);
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
