package org.servicedomain.it.sdctl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.ScriptRun;

/**
 * Issue 31, item 5: {@code bin/sdctl} keeps a class-data archive to start fast, and the archive never
 * changes what sdctl prints: the first run makes it, later runs use it, an archive older than the jar
 * is made again, and one the JVM cannot use is ignored without a warning.
 */
class SdctlScriptTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path JAR = Path.of(System.getProperty("sd.sdctl.jar"));

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a");

    @TempDir
    Path config;

    @TempDir
    Path archives;

    @BeforeEach
    void oneRegisteredProvider() throws Exception {
        domain.registerAll();
    }

    @Test
    void theScriptPrintsTheSameWithoutWithAStaleAndWithABrokenArchive() throws Exception {
        Path archive = archives.resolve("sdctl.jsa");

        List<String> withoutArchive = ports("off");
        List<String> makingIt = ports(archive.toString());
        assertThat(archive).as("made by the first run").isNotEmptyFile();
        FileTime made = Files.getLastModifiedTime(archive);
        List<String> usingIt = ports(archive.toString());
        assertThat(Files.getLastModifiedTime(archive)).as("used, not made again").isEqualTo(made);

        Files.setLastModifiedTime(archive, FileTime.from(Files.getLastModifiedTime(JAR).toInstant().minus(1, ChronoUnit.DAYS)));
        List<String> stale = ports(archive.toString());
        assertThat(Files.getLastModifiedTime(archive)).as("an archive older than the jar is made again")
                .isGreaterThan(Files.getLastModifiedTime(JAR));

        Files.writeString(archive, "not an archive");
        List<String> broken = ports(archive.toString());

        assertThat(withoutArchive).as("the ports table").anyMatch(line -> line.startsWith("StockQuotePortType"));
        assertThat(List.of(makingIt, usingIt, stale, broken)).allSatisfy(lines -> assertThat(lines).isEqualTo(withoutArchive));
    }

    /** The output (standard output and errors, merged) of {@code bin/sdctl ports} with SDCTL_CDS_ARCHIVE set to {@code archive}. */
    private List<String> ports(String archive) throws Exception {
        ProcessBuilder sdctl = new ProcessBuilder("bash", ROOT.resolve("bin/sdctl").toString(), "--node",
                domain.node().baseUri().toString(), "ports").directory(ROOT.toFile());
        sdctl.environment().put("XDG_CONFIG_HOME", config.toString());
        sdctl.environment().put("SDCTL_CDS_ARCHIVE", archive);
        sdctl.environment().remove("SDCTL_NODE");
        sdctl.environment().remove("SDCTL_JAVA_OPTS");
        try (ScriptRun run = ScriptRun.start(sdctl)) {
            int exit = run.waitFor(Duration.ofSeconds(120));
            assertThat(exit).as(String.join("\n", run.lines())).isZero();
            return List.copyOf(run.lines());
        }
    }
}
