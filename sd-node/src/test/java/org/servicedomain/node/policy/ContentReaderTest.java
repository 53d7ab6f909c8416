package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.policy.ContentCondition;
import org.servicedomain.node.policy.ContentPath;

class ContentReaderTest {

    private static final String BLAST = "urn:sd:samples:blast";

    /** A run request whose header and nested options also hold a database element. */
    private static final String RUN = envelope("""
            <soap:Header><b:audit><b:database>fromHeader</b:database></b:audit></soap:Header>
            <soap:Body>
              <b:run>
                <b:sequence>ACGT</b:sequence>
                <b:options><b:database>nested</b:database><b:level>3</b:level></b:options>
                <b:database> database2 </b:database>
                <b:database>second</b:database>
              </b:run>
            </soap:Body>
            """);

    @Test
    void readsTheFirstChildOfTheOperationElementOnThePath() {
        assertThat(read(RUN, condition("database", "b:database"))).containsExactly(Map.entry("database", "database2"));
    }

    @Test
    void readsANestedPath() {
        assertThat(read(RUN, condition("level", "b:options/b:level"))).containsExactly(Map.entry("level", "3"));
    }

    @Test
    void readsTheFirstDescendantInTheBody() {
        assertThat(read(RUN, condition("database", "//b:database"))).containsExactly(Map.entry("database", "nested"));
    }

    @Test
    void anElementWithChildrenYieldsItsWholeText() {
        assertThat(read(RUN, condition("options", "b:options"))).containsExactly(Map.entry("options", "nested3"));
    }

    @Test
    void readsEveryConditionInOnePass() {
        Map<String, String> values = read(RUN, condition("database", "b:database"), condition("sequence", "b:sequence"),
                condition("level", "b:options/b:level"));

        assertThat(values).containsOnly(Map.entry("database", "database2"), Map.entry("sequence", "ACGT"), Map.entry("level", "3"));
    }

    @Test
    void ignoresSameNamedElementsInTheSoapHeader() {
        String onlyInHeader = envelope("""
                <soap:Header><b:run><b:database>fromHeader</b:database></b:run></soap:Header>
                <soap:Body><b:run><b:sequence>ACGT</b:sequence></b:run></soap:Body>
                """);

        assertThat(read(onlyInHeader, condition("database", "b:database"), condition("any", "//b:database"))).isEmpty();
    }

    @Test
    void matchesNamesByNamespaceAsWellAsLocalName() {
        assertThat(read(RUN, condition("database", "database"))).as("no-namespace database").isEmpty();
    }

    @Test
    void stopsReadingOnceEveryValueIsFound() {
        String brokenAfterTheValue = envelope("""
                <soap:Body><b:run><b:database>database1</b:database><b:tail></b:wrong></b:run></soap:Body>
                """);

        assertThat(read(brokenAfterTheValue, condition("database", "b:database")))
                .containsExactly(Map.entry("database", "database1"));
        assertThat(read(brokenAfterTheValue, condition("database", "b:database"), condition("database", "b:database")))
                .as("several rules testing the same value, as in blast-by-content")
                .containsExactly(Map.entry("database", "database1"));
    }

    @Test
    void aMalformedEnvelopeIsABadRequest() {
        String malformed = envelope("<soap:Body><b:run><b:sequence>ACGT</b:run></soap:Body>");

        NodeFault fault = catchThrowableOfType(NodeFault.class, () -> read(malformed, condition("database", "b:database")));

        assertThat(fault).isNotNull();
        assertThat(fault.code()).isEqualTo(FaultCode.BadRequest);
    }

    private static Map<String, String> read(String envelope, ContentCondition... conditions) {
        return ContentReader.read(envelope.getBytes(StandardCharsets.UTF_8), List.of(conditions));
    }

    private static ContentCondition condition(String name, String select) {
        return new ContentCondition(name, ContentPath.parse(select, Map.of("b", BLAST)), "any", null, null);
    }

    private static String envelope(String content) {
        return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:b=\"" + BLAST + "\">"
                + content + "</soap:Envelope>";
    }
}
