package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class ContentPathTest {

    private static final String Q = "urn:example:stockquote";
    private static final Map<String, String> NAMESPACES = Map.of("q", Q);

    @Test
    void readsChildStepsFromTheOperationElement() {
        ContentPath path = ContentPath.parse(" q:order/q:amount ", NAMESPACES);

        assertThat(path.steps()).containsExactly(new QName(Q, "order"), new QName(Q, "amount"));
        assertThat(path.descendant()).isFalse();
    }

    @Test
    void anUnprefixedStepIsInNoNamespace() {
        assertThat(ContentPath.parse("database", NAMESPACES).steps()).containsExactly(new QName("", "database"));
    }

    @Test
    void readsOneDescendantStep() {
        ContentPath path = ContentPath.parse("//q:database", NAMESPACES);

        assertThat(path.steps()).containsExactly(new QName(Q, "database"));
        assertThat(path.descendant()).isTrue();
    }

    @Test
    void refusesAPrefixThePolicyDoesNotDeclare() {
        assertThatThrownBy(() -> ContentPath.parse("x:database", NAMESPACES))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("prefix 'x'");
    }

    @Test
    void refusesAnAbsolutePath() {
        assertThatThrownBy(() -> ContentPath.parse("/q:run/q:database", NAMESPACES))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("relative to the operation element");
        assertThatThrownBy(() -> ContentPath.parse("///q:database", NAMESPACES))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("relative to the operation element");
    }

    @Test
    void refusesADescendantPathOfSeveralSteps() {
        assertThatThrownBy(() -> ContentPath.parse("//q:order/q:amount", NAMESPACES))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only one step");
    }

    @Test
    void refusesWhatIsNotAChainOfElementNames() {
        for (String unsupported : new String[] {"q:order[1]", "q:order/@id", "q:order/text()", "q:order//q:amount", "q:order/", "*"}) {
            assertThatThrownBy(() -> ContentPath.parse(unsupported, NAMESPACES)).as(unsupported)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an element name");
        }
        assertThatThrownBy(() -> ContentPath.parse("//", NAMESPACES)).hasMessageContaining("names no element");
    }
}
