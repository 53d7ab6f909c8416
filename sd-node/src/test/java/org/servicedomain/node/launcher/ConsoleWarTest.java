package org.servicedomain.node.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the launcher finds the console's WAR, and its --console option. */
class ConsoleWarTest {

    @TempDir
    Path tree;

    @Test
    void aWarNextToTheJarComesFirst() throws IOException {
        Path jarDir = Files.createDirectories(tree.resolve("dist"));
        Files.createFile(jarDir.resolve("sd-admin.war"));

        assertThat(ConsoleWar.detect(jarDir, tree)).contains(jarDir.resolve("sd-admin.war"));
    }

    @Test
    void theBuildTreesWarIsFoundFromTheNodesTargetDirectory() throws IOException {
        Path jarDir = Files.createDirectories(tree.resolve("sd-node/target"));
        Path war = Files.createDirectories(tree.resolve("sd-admin-webapp/target")).resolve("sd-admin.war");
        Files.createFile(war);

        assertThat(ConsoleWar.detect(jarDir, tree.resolve("elsewhere"))).contains(war);
    }

    @Test
    void withoutAWarThereIsNoConsole() {
        assertThat(ConsoleWar.detect(tree, tree)).isEmpty();
        assertThat(ConsoleWar.detect(null, tree)).isEmpty();
    }

    @Test
    void theConsoleOptionIsParsed() {
        assertThat(LauncherOptions.parse(new String[] {"--console", "none"}).console()).isEqualTo(LauncherOptions.NO_CONSOLE);
        assertThat(LauncherOptions.parse(new String[0]).console()).isNull();
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--console"})).hasMessageContaining("missing value");
    }
}
