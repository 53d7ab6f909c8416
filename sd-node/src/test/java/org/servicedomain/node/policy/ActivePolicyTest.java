package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.engine.selection.SelectorRegistry;

class ActivePolicyTest {

    private static final String RANDOM = """
            <policy xmlns="urn:sd:policy:1">
              <defaults><selection directive="random"/></defaults>
            </policy>
            """;
    private static final String FIXED_ORDER = """
            <policy xmlns="urn:sd:policy:1">
              <defaults><selection directive="fixed-order"/></defaults>
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
        long second = policy.set(FIXED_ORDER);

        assertThat(first).isEqualTo(1);
        assertThat(second).isEqualTo(2);
        assertThat(policy.current().version()).isEqualTo(2);
        assertThat(policy.current().document()).isEqualTo(FIXED_ORDER);
        assertThat(policy.current().forPort("AnyPort").directive()).isEqualTo("fixed-order");
    }

    @Test
    void aReopenedNodeFollowsThePolicyLastSet() throws IOException {
        ActivePolicy policy = open();
        policy.set(FIXED_ORDER);
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

    private ActivePolicy open() throws IOException {
        return ActivePolicy.open(new PolicyStore(dataDir), new PolicyCompiler(SelectorRegistry.standard()));
    }
}
