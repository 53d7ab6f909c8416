package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;
import org.servicedomain.node.engine.compose.ComposerRegistry;
import org.servicedomain.node.engine.compose.ConcatenatingComposer;
import org.servicedomain.node.engine.compose.FirstAnswerComposer;
import org.servicedomain.node.engine.selection.SelectorRegistry;

/** A port's compose elements compile to a composer per operation, resolved when the policy is set. */
class ComposePolicyTest {

    private final PolicyDocumentReader reader = new PolicyDocumentReader();
    private final PolicyCompiler compiler = new PolicyCompiler(SelectorRegistry.standard(), ComposerRegistry.standard());

    @Test
    void aComposedOperationGetsItsComposerAndTheOthersNone() {
        PortPolicy port = compile(compose("operation=\"getQuote monitor\" composer=\"concatenate\" instances=\"2\""))
                .forPort("StockQuotePortType");

        Composition composition = port.composition("getQuote").orElseThrow();
        assertThat(composition.composer()).isInstanceOf(ConcatenatingComposer.class);
        assertThat(composition.instances()).isEqualTo(2);
        assertThat(port.composition("monitor")).isPresent();
        assertThat(port.composition("buy")).isEmpty();
    }

    @Test
    void withoutInstancesEveryEligibleInstanceIsAsked() {
        assertThat(compile(compose("operation=\"getQuote\" composer=\"concatenate\"")).forPort("StockQuotePortType")
                .composition("getQuote").orElseThrow().instances()).isZero();
    }

    @Test
    void aCustomComposerClassIsLoadedWhenThePolicyIsSet() {
        assertThat(compile(compose("operation=\"getQuote\" composer=\"custom\" class=\""
                + FirstAnswerComposer.class.getName() + "\"")).forPort("StockQuotePortType")
                .composition("getQuote").orElseThrow().composer()).isInstanceOf(FirstAnswerComposer.class);
    }

    @Test
    void anUnknownComposerIsRefusedWithItsLineAndTheKnownNames() {
        InvalidPolicyException e = catchThrowableOfType(InvalidPolicyException.class,
                () -> compile(compose("operation=\"getQuote\" composer=\"average\"")));
        assertThat(e.line()).isEqualTo(3);
        assertThat(e).hasMessageContaining("average").hasMessageContaining("concatenate");
    }

    @Test
    void anOperationComposedTwiceIsRefused() {
        assertThat(catchThrowableOfType(InvalidPolicyException.class, () -> compile(compose(
                "operation=\"getQuote\" composer=\"concatenate\"/><compose operation=\"getQuote\" composer=\"concatenate\""))))
                .hasMessageContaining("twice");
    }

    @Test
    void composingAnOperationThePortLacksIsRefused() {
        PolicyCompiler checking = new PolicyCompiler(SelectorRegistry.standard(), ComposerRegistry.standard(),
                () -> java.util.Map.of("StockQuotePortType", java.util.Set.of("getQuote", "buy")));
        String document = compose("operation=\"monitor\" composer=\"concatenate\"");

        assertThat(catchThrowableOfType(InvalidPolicyException.class,
                () -> checking.compile(1, document, reader.read(document)))).hasMessageContaining("no operation 'monitor'");
    }

    private static String compose(String attributes) {
        return "<policy xmlns=\"urn:sd:policy:1\">\n  <virtualPort name=\"StockQuotePortType\">\n    <compose "
                + attributes + "/>\n  </virtualPort>\n</policy>\n";
    }

    private CompiledPolicy compile(String document) {
        return compiler.compile(1, document, reader.read(document));
    }
}
