package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.engine.compose.ComposerRegistry;
import org.servicedomain.node.engine.selection.SelectorRegistry;

class ActivePolicyTest {

    private static final String RANDOM = """
            <policy xmlns="urn:sd:policy:1">
              <defaults><selection directive="random"/></defaults>
            </policy>
            """;
    private static final String FIRST_AVAILABLE = """
            <policy xmlns="urn:sd:policy:1">
              <defaults><selection directive="first-available"/></defaults>
            </policy>
            """;

    @TempDir
    Path dataDir;

    @Test
    void startsWithTheBuiltInRoundRobinPolicyAsVersionZero() throws IOException {
        CompiledPolicy current = open().current();

        assertThat(current.version()).isZero();
        assertThat(current.forPort("AnyPort").directive()).isEqualTo("round-robin");
        assertThat(current.forPort("AnyPort").recovery()).isEqualTo(RecoveryRule.DEFAULT);
    }

    @Test
    void setActivatesTheDocumentUnderTheNextVersion() throws IOException {
        ActivePolicy policy = open();

        long first = policy.set(RANDOM);
        long second = policy.set(FIRST_AVAILABLE);

        assertThat(first).isEqualTo(1);
        assertThat(second).isEqualTo(2);
        assertThat(policy.current().version()).isEqualTo(2);
        assertThat(policy.current().document()).isEqualTo(FIRST_AVAILABLE);
        assertThat(policy.current().forPort("AnyPort").directive()).isEqualTo("first-available");
    }

    @Test
    void aReopenedNodeFollowsThePolicyLastSet() throws IOException {
        ActivePolicy policy = open();
        policy.set(FIRST_AVAILABLE);
        policy.set(RANDOM);

        CompiledPolicy reopened = open().current();

        assertThat(reopened.version()).isEqualTo(2);
        assertThat(reopened.document()).isEqualTo(RANDOM);
        assertThat(reopened.forPort("AnyPort").directive()).isEqualTo("random");
    }

    @Test
    void anInvalidDocumentLeavesTheActivePolicyAsItWas() throws IOException {
        ActivePolicy policy = open();
        policy.set(RANDOM);
        CompiledPolicy before = policy.current();

        assertThatThrownBy(() -> policy.set("<policy xmlns=\"urn:sd:policy:1\"><bogus/></policy>"))
                .isInstanceOf(InvalidPolicyException.class);
        assertThatThrownBy(() -> policy.set("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults><recovery retries="1000"/></defaults>
                </policy>
                """)).isInstanceOf(InvalidPolicyException.class);

        assertThat(policy.current()).isSameAs(before);
        assertThat(open().current().version()).as("nothing was saved").isEqualTo(1);
    }

    @Test
    void documentReturnsTheKeptVersionsAndNothingForPrunedOnes() throws IOException {
        ActivePolicy policy = open();
        for (int i = 1; i <= 12; i++) {
            policy.set(i % 2 == 0 ? RANDOM : FIRST_AVAILABLE);
        }

        assertThat(policy.document(12)).hasValue(RANDOM);
        assertThat(policy.document(3)).hasValue(FIRST_AVAILABLE);
        assertThat(policy.document(4)).hasValue(RANDOM);
        assertThat(policy.document(2)).isEmpty();
        assertThat(policy.document(1)).isEmpty();
        assertThat(policy.document(13)).as("never set").isEmpty();
    }

    @Test
    void onActivationHearsTheInitialPolicyAndEveryLaterOneButNotARefusedOne() throws IOException {
        List<Long> heard = new ArrayList<>();
        ActivePolicy policy = ActivePolicy.open(new FilePolicyStore(dataDir), new PolicyCompiler(SelectorRegistry.standard(), ComposerRegistry.standard()),
                compiled -> heard.add(compiled.version()));

        policy.set(RANDOM);
        catchThrowableOfType(InvalidPolicyException.class, () -> policy.set("<policy xmlns=\"urn:sd:policy:1\"><bogus/></policy>"));
        policy.set(FIRST_AVAILABLE);

        assertThat(heard).containsExactly(0L, 1L, 2L);
    }

    private ActivePolicy open() throws IOException {
        return ActivePolicy.open(new FilePolicyStore(dataDir), new PolicyCompiler(SelectorRegistry.standard(), ComposerRegistry.standard()));
    }
}
