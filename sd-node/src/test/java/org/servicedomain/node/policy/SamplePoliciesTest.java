package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.servicedomain.node.policy.TestPolicies.call;
import static org.servicedomain.node.policy.TestPolicies.compile;
import static org.servicedomain.node.policy.TestPolicies.user;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.engine.selection.LastCandidateSelector;

/** The policies under {@code samples/policies}, which the docs and the end-to-end tests use, are valid. */
class SamplePoliciesTest {

    private static final Path SAMPLES = Path.of("..", "samples", "policies");
    /** A custom directive class of the end-to-end tests, which are not on this module's classpath. */
    private static final Pattern END_TO_END_CLASS = Pattern.compile("class=\"org\\.servicedomain\\.it\\.[\\w.]+\"");
    private static final ZonedDateTime ANY_TIME = ZonedDateTime.of(2026, 1, 7, 12, 0, 0, 0, ZoneId.of("UTC"));

    static List<Path> samples() throws IOException {
        try (Stream<Path> files = Files.list(SAMPLES)) {
            List<Path> xml = files.filter(f -> f.toString().endsWith(".xml")).sorted().toList();
            assertThat(xml).as("sample policies in " + SAMPLES.toAbsolutePath()).isNotEmpty();
            return xml;
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    void everySamplePolicyCompiles(Path sample) throws IOException {
        String document = END_TO_END_CLASS.matcher(read(sample))
                .replaceAll("class=\"" + LastCandidateSelector.class.getName() + "\"");

        CompiledPolicy policy = compile(document);

        assertThat(policy.document()).isEqualTo(document);
    }

    @Test
    void theBlastByOperationSampleSendsEachOperationToItsDatabasesLevel() throws IOException {
        PortPolicy blast = compile(read(SAMPLES.resolve("blast-by-operation.xml"))).forPort("BlastPortType");

        assertThat(blast.decide(call("runBlue", Caller.ANONYMOUS), ANY_TIME, null).supplierLevels()).containsExactly("ServerBlue");
        assertThat(blast.decide(call("runGreen", Caller.ANONYMOUS), ANY_TIME, null).supplierLevels()).containsExactly("ServerGreen");
        assertThat(blast.decide(call("runRed", Caller.ANONYMOUS), ANY_TIME, null).supplierLevels()).containsExactly("ServerRed");
    }

    @Test
    void theSimilarQuotesSamplePlacesTheOtherQuotesPortTypeIntoTheStockQuotePort() throws IOException {
        CompiledPolicy policy = compile(read(SAMPLES.resolve("similar-quotes.xml")));

        assertThat(policy.placements()).isEqualTo(Map.of(
                new javax.xml.namespace.QName("urn:sd:samples:otherquotes", "OtherQuotesPortType"), "StockQuotePortType"));
    }

    @Test
    void theUnitedFinancingSampleKeepsTrialUsersToTheirPackageAndLevel() throws IOException {
        CompiledPolicy policy = compile(read(SAMPLES.resolve("united-financing.xml")));
        PortPolicy quotes = policy.forPort("StockQuotePortType");

        assertThat(quotes.decide(call("getQuote", user("trial")), ANY_TIME, null).supplierLevels()).containsExactly("UPM");
        assertThat(quotes.decide(call("getQuote", user("platinum")), ANY_TIME, null).supplierLevels()).containsExactly("UBC");
        assertThat(quotes.decide(call("buy", user("trial")), ANY_TIME, null).supplierLevels()).isNull();
        assertThatThrownBy(() -> policy.access()
                .check("CreditCheckPortType", "check", user("trial"), policy.forPort("CreditCheckPortType").anonymous()))
                .isInstanceOfSatisfying(NodeFault.class, f -> assertThat(f.code()).isEqualTo(FaultCode.NotAuthorized));
    }

    @Test
    void thePerPortMiddleMinimumsSampleGivesEachNamedPortItsOwnMinimumAndOthersTheDefault() throws IOException {
        PriorityClassRules classes = compile(read(SAMPLES.resolve("per-port-middle-minimums.xml"))).priorityClasses();

        assertThat(classes.middleMinimumTps("StockQuotePortType")).isEqualTo(60);
        assertThat(classes.middleMinimumTps("CreditCheckPortType")).isEqualTo(20);
        assertThat(classes.middleMinimumTps("BlastPortType")).isEqualTo(10);
    }

    private static String read(Path sample) throws IOException {
        return Files.readString(sample, StandardCharsets.UTF_8);
    }
}
