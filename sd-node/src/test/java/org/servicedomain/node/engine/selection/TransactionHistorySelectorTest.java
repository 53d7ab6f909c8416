package org.servicedomain.node.engine.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.instances;
import static org.servicedomain.node.TestInstances.request;
import static org.servicedomain.node.engine.selection.CallerRequests.inSession;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.session.SessionHistory;

class TransactionHistorySelectorTest {

    private static final String PORT = "StockQuotePortType";

    /** Last instance by "session|port". */
    private final Map<String, String> served = new HashMap<>();
    private final TransactionHistorySelector selector = new TransactionHistorySelector(
            (sessionId, virtualPort) -> Optional.ofNullable(served.get(sessionId + "|" + virtualPort)));
    private final List<Instance> candidates = instances("a", "b", "c");

    @Test
    void sendsASessionToTheInstanceThatServedItsPreviousRequest() {
        served.put("s1|" + PORT, "b");

        assertThat(picks(inSession("s1"), candidates, 4)).containsOnly("b");
    }

    @Test
    void movesTheSessionOnlyWhenItsInstanceIsNoLongerACandidate() {
        served.put("s1|" + PORT, "b");

        Instance moved = selector.select(instances("a", "c"), inSession("s1"));

        assertThat(moved.id()).isIn("a", "c");
        assertThat(selector.select(candidates, inSession("s1")).id()).isEqualTo("b");
    }

    @Test
    void keepsEachSessionOnItsOwnInstance() {
        served.put("s1|" + PORT, "a");
        served.put("s2|" + PORT, "c");

        assertThat(selector.select(candidates, inSession("s1")).id()).isEqualTo("a");
        assertThat(selector.select(candidates, inSession("s2")).id()).isEqualTo("c");
    }

    @Test
    void followsTheHistoryOfTheRequestsOwnPort() {
        served.put("s1|OtherPortType", "c");

        assertThat(picks(inSession("s1"), candidates, 3)).containsExactly("a", "b", "c");
    }

    @Test
    void takesTurnsForASessionWithoutHistory() {
        assertThat(picks(inSession("new"), candidates, 4)).containsExactly("a", "b", "c", "a");
    }

    @Test
    void withASharedHistoryEveryMemberSendsASessionWithoutHistoryToTheSameInstanceAndSessionsSpread() {
        SessionHistory none = new SessionHistory() {
            @Override
            public Optional<String> lastInstance(String sessionId, String virtualPort) {
                return Optional.empty();
            }

            @Override
            public boolean shared() {
                return true;
            }
        };
        TransactionHistorySelector memberA = new TransactionHistorySelector(none);
        TransactionHistorySelector memberB = new TransactionHistorySelector(none);
        memberB.select(candidates, inSession("warm-up"));
        Set<String> picked = new HashSet<>();

        for (int s = 0; s < 60; s++) {
            String atA = memberA.select(candidates, inSession("node-1a2b3c4d:" + s)).id();
            assertThat(memberB.select(instances("c", "a", "b"), inSession("node-1a2b3c4d:" + s)).id()).isEqualTo(atA);
            picked.add(atA);
        }
        assertThat(picked).containsExactlyInAnyOrder("a", "b", "c");
    }

    @Test
    void takesTurnsForAnonymousCallsWithoutAskingTheHistory() {
        TransactionHistorySelector strict = new TransactionHistorySelector((sessionId, virtualPort) -> {
            throw new AssertionError("asked the history of an anonymous call");
        });

        List<String> picks = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            picks.add(strict.select(candidates, request()).id());
        }

        assertThat(picks).containsExactly("a", "b", "c", "a");
    }

    private List<String> picks(RequestContext request, List<Instance> among, int count) {
        List<String> picks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            picks.add(selector.select(among, request).id());
        }
        return picks;
    }
}
