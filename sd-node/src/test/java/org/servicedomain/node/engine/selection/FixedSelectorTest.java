package org.servicedomain.node.engine.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.instances;
import static org.servicedomain.node.TestInstances.request;

import java.io.IOException;
import java.util.ArrayList;
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
import org.servicedomain.node.session.FixedChoices;

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
        assertThat(choices.chosen("ann", "StockQuotePortType")).containsExactly(first);
    }

    @Test
    void onlyTheUsersFixedInstanceIsEligibleWhileItIsACandidateSoNothingDownstreamMovesThem() {
        choices.choose("ann", "StockQuotePortType", "b");

        assertThat(selector.eligible(candidates, by("ann", "s"))).extracting(Instance::id).containsExactly("b");
        assertThat(selector.eligible(instances("a", "c"), by("ann", "s"))).extracting(Instance::id)
                .as("gone: every candidate, so the user moves").containsExactly("a", "c");
        assertThat(selector.eligible(candidates, by("bob", "s"))).as("no choice yet").isEqualTo(candidates);
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
        assertThat(choices.chosen("ann", "StockQuotePortType")).containsExactly(moved, "b");
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

        assertThat(choices.chosen("ann", "OtherPortType")).containsExactly(onOther);
        assertThat(choices.chosen("ann", "StockQuotePortType")).containsExactly("c");
    }

    @Test
    void keepsAUserOnOneInstancePerRuleWhenTwoRulesOfAPortHaveDifferentCandidates() throws IOException {
        // BLAST: runBlue is served at levels holding {a, b}, runGreen at levels holding {b, c}; each rule has its own selector.
        FixedSelector blue = new FixedSelector(choices);
        FixedSelector green = new FixedSelector(choices);
        List<Instance> blueCandidates = instances("a", "b");
        List<Instance> greenCandidates = instances("b", "c");
        for (String user : List.of("ann", "bob", "cy", "dee")) {
            List<String> servedBlue = new ArrayList<>();
            List<String> servedGreen = new ArrayList<>();
            byte[] settled = null;
            for (int call = 0; call < 6; call++) {
                servedBlue.add(blue.select(blueCandidates, by(user, "s")).id());
                servedGreen.add(green.select(greenCandidates, by(user, "s")).id());
                if (call == 1) {
                    settled = choices.snapshot();
                }
            }

            assertThat(servedBlue.subList(1, 6)).as(user + " on runBlue after at most one move").containsOnly(servedBlue.get(1));
            assertThat(servedGreen).as(user + " on runGreen").containsOnly(servedGreen.get(0));
            assertThat(choices.snapshot()).as("the saved choices stop changing once " + user + " is settled").isEqualTo(settled);
        }
    }

    @Test
    void aUserWhoseLatestChoiceFailsFallsBackToTheirEarlierOneWithoutANewChoice() {
        choices.choose("ann", "StockQuotePortType", "a");
        choices.choose("ann", "StockQuotePortType", "c");

        assertThat(selector.select(instances("a", "b"), by("ann", "s")).id()).isEqualTo("a");
        assertThat(choices.chosen("ann", "StockQuotePortType")).containsExactly("c", "a");
    }

    @Test
    void anonymousCallersAreNotPinnedAndTakeTurns() {
        List<String> served = List.of(selector.select(candidates, request()).id(), selector.select(candidates, request()).id(),
                selector.select(candidates, request()).id());

        assertThat(served).containsExactly("a", "b", "c");
        assertThat(choices.size()).isZero();
    }

    @Test
    void withSharedChoicesTwoMembersMakeTheSameFirstChoiceForAUserYetUsersStillSpread() {
        FixedSelector memberA = new FixedSelector(shared(new FixedChoiceStore(1000)));
        FixedSelector memberB = new FixedSelector(shared(new FixedChoiceStore(1000)));
        memberB.select(candidates, by("warm-up", "s"));
        Set<String> chosen = new HashSet<>();

        for (int u = 0; u < 60; u++) {
            String atA = memberA.select(candidates, by("user-" + u, "s")).id();
            assertThat(memberB.select(candidates, by("user-" + u, "s")).id()).as("user-%d at member B", u).isEqualTo(atA);
            assertThat(memberB.select(instances("c", "b", "a"), by("user-" + u, "s")).id()).isEqualTo(atA);
            chosen.add(atA);
        }
        assertThat(chosen).containsExactlyInAnyOrder("a", "b", "c");
    }

    /** {@code store} as a cluster's choices appear to the selector: shared by the members. */
    private static FixedChoices shared(FixedChoiceStore store) {
        return new FixedChoices() {
            @Override
            public List<String> chosen(String user, String virtualPort) {
                return List.of();
            }

            @Override
            public void choose(String user, String virtualPort, String instanceId) {
                store.choose(user, virtualPort, instanceId);
            }

            @Override
            public boolean shared() {
                return true;
            }
        };
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
