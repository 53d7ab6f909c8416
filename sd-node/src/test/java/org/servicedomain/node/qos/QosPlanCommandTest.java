package org.servicedomain.node.qos;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code qos-plan FILE.json} as operators run it: the plan format and the answer of docs/qos.md. */
class QosPlanCommandTest {

    private static final Path SAMPLES = Path.of("..", "samples", "qos");
    private static final String FLOW_X_ON_A = "{\"name\": \"X\", \"class\": 1, \"demand\": 100, \"path\": [\"A\"]}";

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void theLightLoadSampleAllocatesX100Y100AndZ20BoundByE() {
        int exit = run(SAMPLES.resolve("worked-example-light.json").toString());

        assertThat(exit).isEqualTo(QosPlanCommand.OK);
        assertThat(out()).isEqualTo("{\"flows\":[{\"name\":\"X\",\"allocation\":100,\"boundBy\":\"demand\"},"
                + "{\"name\":\"Y\",\"allocation\":100,\"boundBy\":\"demand\"},{\"name\":\"Z\",\"allocation\":20,\"boundBy\":\"E\"}]}\n");
        assertThat(err()).isEmpty();
    }

    @Test
    void theHeavyLoadSampleAllocatesX300Y150BoundByBAndZ10BoundByE() {
        int exit = run(SAMPLES.resolve("worked-example-heavy.json").toString());

        assertThat(exit).isEqualTo(QosPlanCommand.OK);
        assertThat(out()).isEqualTo("{\"flows\":[{\"name\":\"X\",\"allocation\":300,\"boundBy\":\"demand\"},"
                + "{\"name\":\"Y\",\"allocation\":150,\"boundBy\":\"B\"},{\"name\":\"Z\",\"allocation\":10,\"boundBy\":\"E\"}]}\n");
        assertThat(err()).isEmpty();
    }

    @Test
    void printsAnAllocationThatIsNotWholeRoundedToSixDecimals() throws IOException {
        Path plan = plan("{\"nodes\": {\"B\": 200}, \"flows\": ["
                + "{\"name\": \"small\", \"class\": 1, \"demand\": 100, \"path\": [\"B\"]},"
                + "{\"name\": \"large\", \"class\": 1, \"demand\": 200, \"path\": [\"B\"]}]}");

        int exit = run(plan.toString());

        assertThat(exit).isEqualTo(QosPlanCommand.OK);
        assertThat(out()).isEqualTo("{\"flows\":[{\"name\":\"small\",\"allocation\":66.666667,\"boundBy\":\"B\"},"
                + "{\"name\":\"large\",\"allocation\":133.333333,\"boundBy\":\"B\"}]}\n");
    }

    @Test
    void readsAllAndAggregateStepsAndAnOptionalMinimum() throws IOException {
        Path plan = plan("{\"nodes\": {\"S1\": 100, \"S2\": 300, \"M\": 150, \"R\": 60}, \"flows\": ["
                + "{\"name\": \"combined\", \"class\": 2, \"demand\": 200, \"minimum\": 10, \"path\": [{\"aggregate\": [\"S1\", \"S2\"]}, \"M\"]},"
                + "{\"name\": \"copied\", \"class\": 3, \"demand\": 200, \"path\": [{\"all\": [\"S2\", \"R\"]}]}]}");

        int exit = run(plan.toString());

        assertThat(exit).isEqualTo(QosPlanCommand.OK);
        assertThat(out()).isEqualTo("{\"flows\":[{\"name\":\"combined\",\"allocation\":75,\"boundBy\":\"M\"},"
                + "{\"name\":\"copied\",\"allocation\":60,\"boundBy\":\"R\"}]}\n");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "an unknown node | {\"nodes\": {\"A\": 500}, \"flows\": [{\"name\": \"X\", \"class\": 1, \"demand\": 1, \"path\": [\"A\", \"Q\"]}]}"
                + " | flow X: unknown node Q in its path",
        "probabilities not summing to 1 | {\"nodes\": {\"E\": 40, \"F\": 80}, \"flows\": [{\"name\": \"Y\", \"class\": 2, \"demand\": 1,"
                + " \"path\": [{\"split\": {\"E\": 0.5, \"F\": 0.6}}]}]} | flow Y: split probabilities sum to 1.1, not 1",
        "a negative demand | {\"nodes\": {\"A\": 500}, \"flows\": [{\"name\": \"X\", \"class\": 1, \"demand\": -3, \"path\": [\"A\"]}]}"
                + " | flow X: demand must be a number of requests per second, 0 or more, not -3",
        "a negative capacity | {\"nodes\": {\"A\": -500}, \"flows\": []} | node A: capacity must be a positive number of requests per second, not -500",
        "a minimum above the path's capacity | {\"nodes\": {\"A\": 50}, \"flows\": [{\"name\": \"Y\", \"class\": 2, \"demand\": 100,"
                + " \"minimum\": 80, \"path\": [\"A\"]}]} | flow Y: minimum 80 is above the capacity of its path, 50 (bound by node A)",
        "an unknown class | {\"nodes\": {\"A\": 500}, \"flows\": [{\"name\": \"X\", \"class\": 4, \"demand\": 1, \"path\": [\"A\"]}]}"
                + " | flow X: unknown priority class 4",
        "a misspelt field | {\"nodes\": {\"A\": 500}, \"flows\": [{\"name\": \"Y\", \"class\": 2, \"demand\": 1, \"minimun\": 1, \"path\": [\"A\"]}]}"
                + " | flow Y: unknown field \"minimun\"",
        "an unknown path step | {\"nodes\": {\"A\": 500}, \"flows\": [{\"name\": \"X\", \"class\": 1, \"demand\": 1, \"path\": [{\"any\": [\"A\"]}]}]}"
                + " | flow X: unknown path step \"any\"",
        "a missing demand | {\"nodes\": {\"A\": 500}, \"flows\": [{\"name\": \"X\", \"class\": 1, \"path\": [\"A\"]}]}"
                + " | flow X: demand must be a number, and is missing",
        "unreadable JSON | {\"nodes\": {\"A\": 500,}} | not valid JSON: ",
        "a node named twice | {\"nodes\": {\"A\": 500, \"A\": 20}, \"flows\": []} | not valid JSON: Duplicate field",
        "an empty file | '' | empty, not a JSON plan"})
    void badInputIsOneLineNamingTheProblemAndExitCode2(String problem, String document, String message) throws IOException {
        Path plan = plan(document);

        int exit = run(plan.toString());

        assertThat(exit).as(problem).isEqualTo(QosPlanCommand.BAD_INPUT);
        assertThat(out()).isEmpty();
        assertThat(err()).startsWith("qos-plan: " + plan + ": " + message).endsWith("\n");
        assertThat(err().lines()).hasSize(1);
    }

    @Test
    void aTruncatedDocumentIsReportedWithTheLineAndColumnWhereItEnds() throws IOException {
        Path plan = plan("{\"nodes\": {\"A\": 500},\n \"flows\": [");

        int exit = run(plan.toString());

        assertThat(exit).isEqualTo(QosPlanCommand.BAD_INPUT);
        assertThat(err()).startsWith("qos-plan: " + plan + ": not valid JSON: Unexpected end-of-input")
                .contains("(line 2, column").doesNotContain("Source");
        assertThat(err().lines()).hasSize(1);
    }

    @Test
    void aMissingFileIsOneLineAndExitCode2() {
        Path missing = dir.resolve("no-such-plan.json");

        int exit = run(missing.toString());

        assertThat(exit).isEqualTo(QosPlanCommand.BAD_INPUT);
        assertThat(out()).isEmpty();
        assertThat(err()).isEqualTo("qos-plan: " + missing + ": no such file\n");
    }

    @Test
    void withoutAPlanFileTheCommandShowsItsUsageAndExitsWith2() {
        int exit = QosPlanCommand.run(List.of(), print(out), print(err));

        assertThat(exit).isEqualTo(QosPlanCommand.BAD_INPUT);
        assertThat(out()).isEmpty();
        assertThat(err()).contains(QosPlanCommand.USAGE);
    }

    private int run(String file) {
        return QosPlanCommand.run(List.of(file), print(out), print(err));
    }

    private Path plan(String document) throws IOException {
        return Files.writeString(dir.resolve("plan.json"), document);
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
