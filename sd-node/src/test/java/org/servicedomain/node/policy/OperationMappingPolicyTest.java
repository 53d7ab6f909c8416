package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.engine.compose.ComposerRegistry;
import org.servicedomain.node.engine.selection.SelectorRegistry;

/** Operation mappings compile against the catalog's ports, and refuse what they cannot map. */
class OperationMappingPolicyTest {

    private static final Map<String, Set<String>> CATALOG = Map.of("BlastPortType", Set.of("run", "runBlue"));
    private final PolicyDocumentReader reader = new PolicyDocumentReader();
    private final PolicyCompiler compiler = new PolicyCompiler(SelectorRegistry.standard(), ComposerRegistry.standard(), () -> CATALOG);

    @Test
    void aMappingKeepsItsTargetAndArgumentsInDocumentOrder() {
        PortPolicy port = compile(mapping("runDatabase1", "run", "<argument name=\"database\" value=\"database1\"/>"
                + "<argument name=\"format\" value=\"xml\"/>")).forPort("BlastPortType");

        OperationMapping mapping = port.mapping("runDatabase1").orElseThrow();
        assertThat(mapping.operation()).isEqualTo("run");
        assertThat(mapping.arguments()).containsExactly(Map.entry("database", "database1"), Map.entry("format", "xml"));
        assertThat(port.mapping("run")).isEmpty();
    }

    @Test
    void rulesMayNameAMappedOperation() {
        String document = """
                <policy xmlns="urn:sd:policy:1">
                  <virtualPort name="BlastPortType">
                    <rule operation="runDatabase1" directive="random"/>
                    <operationMapping name="runDatabase1" operation="run"/>
                  </virtualPort>
                </policy>
                """;
        assertThat(compile(document).forPort("BlastPortType").mapping("runDatabase1")).isPresent();
    }

    @Test
    void aMappingToAnOperationThePortLacksIsRefusedWithItsLine() {
        InvalidPolicyException e = refusal(mapping("runDatabase1", "sing", ""));
        assertThat(e.line()).isEqualTo(3);
        assertThat(e).hasMessageContaining("sing");
    }

    @Test
    void aMappingThatHidesAProvidersOperationIsRefused() {
        assertThat(refusal(mapping("runBlue", "run", ""))).hasMessageContaining("hides");
    }

    @Test
    void anArgumentGivenTwiceIsRefused() {
        assertThat(refusal(mapping("runDatabase1", "run", "<argument name=\"database\" value=\"a\"/>"
                + "<argument name=\"database\" value=\"b\"/>"))).hasMessageContaining("twice");
    }

    private static String mapping(String name, String operation, String arguments) {
        return """
                <policy xmlns="urn:sd:policy:1">
                  <virtualPort name="BlastPortType">
                    <operationMapping name="%s" operation="%s">%s</operationMapping>
                  </virtualPort>
                </policy>
                """.formatted(name, operation, arguments);
    }

    private CompiledPolicy compile(String document) {
        return compiler.compile(1, document, reader.read(document));
    }

    private InvalidPolicyException refusal(String document) {
        InvalidPolicyException e = catchThrowableOfType(InvalidPolicyException.class, () -> compile(document));
        assertThat(e).as("the policy is refused").isNotNull();
        return e;
    }
}
