package org.servicedomain.node.launcher;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Finds the admin console's WAR for the launcher when {@code --console} does not name one:
 * {@code sd-admin.war} next to the launcher's jar, else in the build tree
 * ({@code sd-admin-webapp/target/sd-admin.war} seen from the jar or the working directory).
 */
final class ConsoleWar {

    static final String FILE_NAME = "sd-admin.war";

    private ConsoleWar() {
    }

    static Optional<Path> detect() {
        return detect(launcherDirectory(), Path.of("").toAbsolutePath());
    }

    static Optional<Path> detect(Path jarDirectory, Path workingDirectory) {
        List<Path> candidates = jarDirectory == null
                ? List.of(workingDirectory.resolve("sd-admin-webapp/target").resolve(FILE_NAME))
                : List.of(jarDirectory.resolve(FILE_NAME),
                        jarDirectory.resolve("../../sd-admin-webapp/target").resolve(FILE_NAME).normalize(),
                        workingDirectory.resolve("sd-admin-webapp/target").resolve(FILE_NAME));
        return candidates.stream().filter(Files::isRegularFile).findFirst();
    }

    /** The directory of the jar the launcher runs from, or null when it runs from classes. */
    private static Path launcherDirectory() {
        try {
            Path location = Path.of(NodeLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isRegularFile(location) ? location.getParent() : null;
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            return null;
        }
    }
}
