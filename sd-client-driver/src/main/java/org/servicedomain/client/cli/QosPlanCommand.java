package org.servicedomain.client.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * The priority classes' capacity planner run by the node (home port planQos) on a plan file
 * (docs/qos.md): prints the allocations as JSON. An unreadable file is a usage error (exit 2); a plan
 * the node refuses exits 1 with its fault code and the planner's one-line message.
 */
@Command(name = "qos-plan", mixinStandardHelpOptions = true,
        description = {"Runs the priority classes' capacity planner on a plan file (JSON, docs/qos.md) at the node",
                "and prints the allocations as JSON."})
final class QosPlanCommand extends NodeCommand {

    @Parameters(paramLabel = "FILE", description = "The plan, JSON; - for standard input.")
    String file;

    @Override
    int run() throws Exception {
        String document = "-".equals(file) ? readText(file) : readable(file);
        String result = client().planQos(document);
        JsonNode answer = root().json.readTree(result);
        printJson(answer);
        return 0;
    }

    private String readable(String name) {
        Path path = Path.of(name);
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException | java.io.UncheckedIOException e) {
            throw usage("cannot read " + name + ": " + (e instanceof java.nio.file.NoSuchFileException ? "no such file" : e.getMessage()));
        }
    }
}
