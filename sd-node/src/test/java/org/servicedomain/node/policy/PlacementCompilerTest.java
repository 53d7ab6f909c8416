package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.servicedomain.node.policy.TestPolicies.compile;
import static org.servicedomain.node.policy.TestPolicies.refusal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.engine.compose.ComposerRegistry;
import org.servicedomain.node.engine.selection.SelectorRegistry;

/** {@code compatiblePortType}: the two ways a port type is named, and the placements a policy may not make. */
class PlacementCompilerTest {

    private static final QName OTHER = new QName("urn:other", "OtherQuotesPortType");

    private static String placing(String names) {
        return "<policy xmlns=\"urn:sd:policy:1\"><namespace prefix=\"o\" uri=\"urn:other\"/>"
                + "<virtualPort name=\"StockQuotePortType\">" + names + "</virtualPort></policy>";
    }

    @Test
    void aPortTypeIsNamedInBracesOrWithAPrefixTheNamespaceElementBinds() {
        assertThat(compile(placing("<compatiblePortType name=\"{urn:other}OtherQuotesPortType\"/>")).placements())
                .isEqualTo(Map.of(OTHER, "StockQuotePortType"));
        assertThat(compile(placing("<compatiblePortType name=\"o:OtherQuotesPortType\"/>")).placements())
                .isEqualTo(Map.of(OTHER, "StockQuotePortType"));
    }

    @Test
    void aPolicyWithoutPlacementsPlacesNothing() {
        assertThat(compile("<policy xmlns=\"urn:sd:policy:1\"/>").placements()).isEmpty();
    }

    @Test
    void refusesAnUndeclaredPrefixAndANameThatIsNoQName() {
        assertThat(refusal(placing("<compatiblePortType name=\"x:OtherQuotesPortType\"/>")))
                .hasMessageContaining("prefix 'x'");
        assertThat(refusal(placing("<compatiblePortType name=\"{urn:other}\"/>")))
                .hasMessageContaining("is not {namespace}localName or prefix:localName");
    }

    @Test
    void refusesAPortTypePlacedTwice() {
        assertThat(refusal(placing("<compatiblePortType name=\"{urn:other}OtherQuotesPortType\"/>"
                + "<compatiblePortType name=\"o:OtherQuotesPortType\"/>")))
                .hasMessageContaining("placed into virtual port StockQuotePortType already");
    }

    @Test
    void asksTheCatalogAboutEachPlacementAndReportsItsRefusalAtTheElement() {
        List<String> asked = new ArrayList<>();
        PlacementCheck refusing = (portType, port, placements) -> {
            asked.add(portType + " " + port);
            throw new IllegalArgumentException("port type " + portType + " shares none of its operations");
        };
        Supplier<Map<String, Set<String>>> anyPorts = () -> null;
        PolicyCompiler compiler = new PolicyCompiler(SelectorRegistry.standard(), ComposerRegistry.standard(), anyPorts,
                refusing);
        String document = placing("<compatiblePortType name=\"o:OtherQuotesPortType\"/>");

        InvalidPolicyException refused = catchThrowableOfType(InvalidPolicyException.class,
                () -> compiler.compile(1, document, new PolicyDocumentReader().read(document)));

        assertThat(asked).containsExactly(OTHER + " StockQuotePortType");
        assertThat(refused).hasMessageContaining("shares none of its operations").hasMessageContaining("line 1");
    }
}
