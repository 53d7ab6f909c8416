package org.servicedomain.node.qos;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code qos-plan FILE.json}: the allocator on an operator's description of nodes, paths and
 * demands, without a running domain. Prints the allocations as JSON; bad input is one line on the
 * error stream and exit code {@value #BAD_INPUT}.
 */
public final class QosPlanCommand {

    /** The launcher's first argument that selects this command. */
    public static final String NAME = "qos-plan";
    public static final String USAGE = "usage: java -jar sd-node-standalone.jar qos-plan FILE.json";
    public static final int OK = 0;
    public static final int BAD_INPUT = 2;

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

    /** The parser's note on where its input came from, inside a location it quotes: says nothing to an operator. */
    private static final Pattern SOURCE_IN_LOCATION = Pattern.compile("\\[Source: [^;\\]]*; ?");

    private QosPlanCommand() {
    }

    /** Runs the command on {@code args} (those after {@value #NAME}); returns the exit code. */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        if (args.size() == 1 && (args.get(0).equals("--help") || args.get(0).equals("-h"))) {
            out.println(USAGE);
            return OK;
        }
        if (args.size() != 1) {
            err.println(NAME + ": expected one plan file");
            err.println(USAGE);
            return BAD_INPUT;
        }
        Path file = Path.of(args.get(0));
        try {
            out.println(planned(read(file)));
            return OK;
        } catch (IllegalArgumentException e) {
            err.println(NAME + ": " + file + ": " + oneLine(e.getMessage()));
            return BAD_INPUT;
        } catch (IOException e) {
            err.println(NAME + ": " + file + ": cannot read it: " + oneLine(String.valueOf(e.getMessage())));
            return BAD_INPUT;
        }
    }

    /**
     * The allocations for a plan document, as JSON on one line; a plan the allocator cannot take is an
     * {@link IllegalArgumentException} whose message is the one line the command prints after the file name.
     */
    public static String plan(byte[] document) {
        try {
            return planned(document);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(oneLine(e.getMessage()), e);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the allocations could not be written as JSON", e);
        }
    }

    private static String planned(byte[] document) throws JsonProcessingException {
        QosPlan plan = QosPlan.read(parse(document));
        List<Allocation> allocations = new BandwidthAllocator().allocate(plan.capacities(), plan.flows());
        return JSON.writeValueAsString(QosPlan.answer(allocations));
    }

    private static byte[] read(Path file) throws IOException {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no such file", e);
        }
    }

    private static JsonNode parse(byte[] bytes) {
        try {
            JsonNode document = JSON.readTree(bytes);
            if (document == null || document.isMissingNode()) {
                throw new IllegalArgumentException("empty, not a JSON plan");
            }
            return document;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new IllegalArgumentException("not valid JSON: " + SOURCE_IN_LOCATION.matcher(e.getOriginalMessage()).replaceAll("[")
                    + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"), e);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("could not read the plan from memory", e);
        }
    }

    private static String oneLine(String message) {
        return message.replaceAll("\\s*\\R\\s*", " ");
    }
}
