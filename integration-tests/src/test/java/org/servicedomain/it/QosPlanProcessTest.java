package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code java -jar sd-node-standalone.jar qos-plan FILE.json}, as operators run it: the built jar, in its own JVM. */
class QosPlanProcessTest {

    private static final Path SAMPLES = Path.of("..", "samples", "qos");

    @TempDir
    Path dir;

    @Test
    void theStandaloneJarPlansTheWorkedExampleUnderHeavyLoad() throws Exception {
        Finished plan = qosPlan(SAMPLES.resolve("worked-example-heavy.json"));

        assertThat(plan.exitCode()).as("stderr: " + plan.err()).isZero();
        assertThat(plan.out()).isEqualTo("{\"flows\":[{\"name\":\"X\",\"allocation\":300,\"boundBy\":\"demand\"},"
                + "{\"name\":\"Y\",\"allocation\":150,\"boundBy\":\"B\"},{\"name\":\"Z\",\"allocation\":10,\"boundBy\":\"E\"}]}\n");
        assertThat(plan.err()).isEmpty();
    }

    @Test
    void theStandaloneJarAnswersAPlanWithAnUnknownNodeWithOneLineAndExitCode2() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"),
                "{\"nodes\": {\"A\": 500}, \"flows\": [{\"name\": \"X\", \"class\": 1, \"demand\": 1, \"path\": [\"A\", \"Q\"]}]}");

        Finished plan = qosPlan(bad);

        assertThat(plan.exitCode()).isEqualTo(2);
        assertThat(plan.out()).isEmpty();
        assertThat(plan.err()).isEqualTo("qos-plan: " + bad + ": flow X: unknown node Q in its path\n");
    }

    private record Finished(int exitCode, String out, String err) {
    }

    private Finished qosPlan(Path file) throws IOException, InterruptedException {
        Path jar = Path.of(System.getProperty("sd.node.standalone.jar"));
        assertThat(jar).as("the standalone jar, built by sd-node's package phase").isRegularFile();
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process process = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString(), "qos-plan", file.toString()))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("qos-plan finished within 60 s").isTrue();
        } finally {
            process.destroyForcibly();
        }
        return new Finished(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
