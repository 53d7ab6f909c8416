package org.servicedomain.node.engine.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.instances;
import static org.servicedomain.node.TestInstances.request;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.session.FixedChoiceStore;

class FixedSelectorTest {

    private final FixedChoiceStore choices = new FixedChoiceStore(100);
    private final FixedSelector selector = new FixedSelector(choices);
    private final List<Instance> candidates = instances("a", "b", "c");

    @Test
    void keepsAUserOnTheInstanceFirstChosenForThemInEverySession() {
        String first = selector.select(candidates, by("ann", "session-1")).id();

        for (int i = 0; i < 5; i++) {
            assertThat(selector.select(candidates, by("ann", "session-" + i)).id()).isEqualTo(first);
        }
        assertThat(choices.chosen("ann", "StockQuotePortType")).isEqualTo(first);
    }

    @Test
    void spreadsTheFirstChoicesOfDifferentUsersOverTheCandidates() {
        Set<String> chosen = new HashSet<>();
        for (String user : List.of("ann", "bob", "cy")) {
            chosen.add(selector.select(candidates, by(user, "s-" + user)).id());
        }

        assertThat(chosen).containsExactlyInAnyOrder("a", "b", "c");
    }

    @Test
    void movesAUserWhoseInstanceIsNoLongerACandidateAndTheNewChoiceSticks() {
        choices.choose("ann", "StockQuotePortType", "b");

        String moved = selector.select(instances("a", "c"), by("ann", "s")).id();

        assertThat(moved).isIn("a", "c");
        assertThat(choices.chosen("ann", "StockQuotePortType")).isEqualTo(moved);
        for (int i = 0; i < 4; i++) {
            assertThat(selector.select(candidates, by("ann", "s")).id())
                    .as("the old instance is back, but the user stays where they moved")
                    .isEqualTo(moved);
        }
    }

    @Test
    void followsAChoiceMadeBeforeThisSelectorExisted() {
        choices.choose("ann", "StockQuotePortType", "c");

        assertThat(new FixedSelector(choices).select(candidates, by("ann", "s")).id()).isEqualTo("c");
    }

    @Test
    void keepsOneChoicePerVirtualPort() {
        choices.choose("ann", "StockQuotePortType", "c");
        RequestContext other = on(renamed("OtherPortType"), new Caller("s", "ann", "trial", List.of()));

        String onOther = selector.select(candidates, other).id();

        assertThat(choices.chosen("ann", "OtherPortType")).isEqualTo(onOther);
        assertThat(choices.chosen("ann", "StockQuotePortType")).isEqualTo("c");
    }

    @Test
    void anonymousCallersAreNotPinnedAndTakeTurns() {
        List<String> served = List.of(selector.select(candidates, request()).id(), selector.select(candidates, request()).id(),
                selector.select(candidates, request()).id());

        assertThat(served).containsExactly("a", "b", "c");
        assertThat(choices.size()).isZero();
    }

    private static RequestContext by(String user, String sessionId) {
        return CallerRequests.by(new Caller(sessionId, user, "trial", List.of()));
    }

    private static VirtualPort renamed(String name) {
        VirtualPort p = TestInstances.virtualPort();
        return new VirtualPort(name, p.portType(), p.soapVersion(), p.wsdlDigest(), p.binding(), p.wsdlTemplate(),
                p.operationsByElement(), p.soapActions(), p.requestShapes());
    }

    private static RequestContext on(VirtualPort port, Caller caller) {
        RequestContext r = request(port);
        return new RequestContext(r.virtualPort(), r.operation(), caller, r.contentValues(), r.soapAction(),
                r.contentType(), r.body());
    }
}
