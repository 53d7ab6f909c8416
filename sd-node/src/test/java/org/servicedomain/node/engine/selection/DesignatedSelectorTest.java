package org.servicedomain.node.engine.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.servicedomain.node.TestInstances.instance;
import static org.servicedomain.node.TestInstances.request;
import static org.servicedomain.node.engine.selection.CallerRequests.byUserDesignating;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.RequestContext;

class DesignatedSelectorTest {

    private final DesignatedSelector selector = new DesignatedSelector(null);
    private final List<Instance> banks = List.of(
            provider("a1", "BankA"), provider("b1", "BankB"), provider("c1", "BankC"), provider("a2", "BankA"),
            instance("unnamed"));

    @Test
    void offersOnlyTheInstancesOfTheCallersDesignatedProviders() {
        List<Instance> eligible = selector.eligible(banks, byUserDesignating("BankA", "BankB"));

        assertThat(eligible).extracting(Instance::id).containsExactly("a1", "b1", "a2");
    }

    @Test
    void takesTurnsAmongTheDesignatedInstances() {
        RequestContext joe = byUserDesignating("BankA", "BankB");

        assertThat(picks(joe, 6)).containsExactly("a1", "b1", "a2", "a1", "b1", "a2");
    }

    @Test
    void hasNoEligibleInstanceWhenNoneOfTheCallersProvidersIsACandidate() {
        assertThat(selector.eligible(banks, byUserDesignating("BankZ"))).isEmpty();
    }

    @Test
    void hasNoEligibleInstanceForACallerWithoutDesignatedProviders() {
        assertThat(selector.eligible(banks, byUserDesignating())).isEmpty();
        assertThat(selector.eligible(banks, request())).as("anonymous").isEmpty();
    }

    @Test
    void refusesToPickAnInstanceThatIsNotDesignatedEvenWhenAskedDirectly() {
        NodeFault fault = catchThrowableOfType(NodeFault.class, () -> selector.select(banks, request()));

        assertThat(fault.code()).isEqualTo(FaultCode.NoInstanceAvailable);
        assertThat(fault).hasMessageContaining("anonymous").hasMessageContaining("provider");
    }

    @Test
    void matchesTheAttributeThePolicyNames() {
        DesignatedSelector byBank = new DesignatedSelector("bank");
        List<Instance> candidates = List.of(
                instance("x").withAttributes(Map.of("provider", "BankA", "bank", "BankB")),
                instance("y").withAttributes(Map.of("provider", "BankB", "bank", "BankA")));

        assertThat(byBank.select(candidates, byUserDesignating("BankA")).id()).isEqualTo("y");
    }

    private List<String> picks(RequestContext request, int count) {
        List<String> picks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            picks.add(selector.select(banks, request).id());
        }
        return picks;
    }

    private static Instance provider(String id, String provider) {
        return instance(id).withAttributes(Map.of(DesignatedSelector.DEFAULT_ATTRIBUTE, provider));
    }
}
