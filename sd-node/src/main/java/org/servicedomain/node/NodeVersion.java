package org.servicedomain.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The node's version and build, as Maven wrote them into {@value #RESOURCE} when it built the
 * node (so the same in the WAR, the standalone jar and a test's class path).
 *
 * @param version the project version, e.g. {@code 0.1.0-SNAPSHOT}
 * @param build when it was built (UTC), or {@code unknown}
 */
public record NodeVersion(String version, String build) {

    static final String RESOURCE = "/org/servicedomain/node/version.properties";
    private static final String UNKNOWN = "unknown";
    private static final NodeVersion CURRENT = read();

    /** This node's version. */
    public static NodeVersion current() {
        return CURRENT;
    }

    private static NodeVersion read() {
        Properties properties = new Properties();
        try (InputStream in = NodeVersion.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + RESOURCE, e);
        }
        return new NodeVersion(filled(properties.getProperty("version")), filled(properties.getProperty("build")));
    }

    /** The value, or {@code unknown} where Maven did not fill it in (a build outside Maven). */
    private static String filled(String value) {
        return value == null || value.isBlank() || value.startsWith("${") ? UNKNOWN : value;
    }

    /** {@code 0.1.0-SNAPSHOT (built 2026-12-02T01:00:00Z)}. */
    @Override
    public String toString() {
        return version + " (built " + build + ")";
    }
}
