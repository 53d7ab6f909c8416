package org.servicedomain.client.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class CandidatesTest {

    private static final QName QUOTE = new QName("urn:q", "Quote");

    private static Target node(String id, String xaddr, double load, double p95) {
        return new Target("urn:uuid:" + id, List.of(QUOTE), List.of(Target.LOAD_SCOPE + load, Target.P95_SCOPE + p95),
                List.of(xaddr), 1);
    }

    @Test
    void theDefaultOrderIsLowestLoadThenLowestP95WithUnratedTargetsLast() {
        Candidates candidates = new Candidates(CandidateOrders.named(CandidateOrders.DEFAULT));
        candidates.found(new Target("urn:uuid:plain", List.of(QUOTE), List.of(), List.of("http://plain"), 1));
        candidates.found(node("a", "http://a", 0.5, 10));
        candidates.found(node("b", "http://b", 0.2, 90));
        candidates.found(node("c", "http://c", 0.2, 30));

        assertThat(candidates.addresses()).containsExactly("http://c", "http://b", "http://a", "http://plain");
    }

    @Test
    void anotherOrderIsChosenByNameOrGivenAsItsOwnImplementation() {
        Candidates asFound = new Candidates(CandidateOrders.named("as-found"));
        asFound.found(node("a", "http://a", 0.9, 10));
        asFound.found(node("b", "http://b", 0.1, 10));
        Candidates reversed = new Candidates(list -> {
            List<Target> copy = new java.util.ArrayList<>(list);
            java.util.Collections.reverse(copy);
            return copy;
        });
        reversed.found(node("a", "http://a", 0.9, 10));
        reversed.found(node("b", "http://b", 0.1, 10));

        assertThat(asFound.addresses()).containsExactly("http://a", "http://b");
        assertThat(reversed.addresses()).containsExactly("http://b", "http://a");
        assertThatThrownBy(() -> CandidateOrders.named("random")).hasMessageContaining("as-found")
                .hasMessageContaining("load-then-p95");
    }

    @Test
    void aByeDropsTheTargetAndAnyCandidateAtItsAddresses() {
        Candidates candidates = new Candidates(new FoundCandidateOrder());
        candidates.found(node("a", "http://a", 0.1, 1));
        candidates.found(node("b", "http://b", 0.1, 1));
        candidates.found(new Target("urn:uuid:a-again", List.of(QUOTE), List.of(), List.of("http://a"), 1));

        boolean dropped = candidates.bye(new Target("urn:uuid:a", List.of(), List.of(), List.of("http://a"), 0), 1);

        assertThat(dropped).isTrue();
        assertThat(candidates.addresses()).containsExactly("http://b");
        assertThat(candidates.bye(new Target("urn:uuid:unknown", List.of(), List.of(), List.of(), 0), 2)).isFalse();
    }

    @Test
    void aTargetWithoutXAddrsIsNotACandidate() {
        Candidates candidates = new Candidates(new FoundCandidateOrder());

        candidates.found(new Target("urn:uuid:x", List.of(QUOTE), List.of(), List.of(), 1));

        assertThat(candidates.addresses()).isEmpty();
    }

    @Test
    void aProbeThatEndsAfterAByeOrAHelloDoesNotUndoThem() {
        Candidates candidates = new Candidates(new FoundCandidateOrder());
        Target a = node("a", "http://a", 0.1, 1);
        Target b = node("b", "http://b", 0.1, 1);
        Target c = node("c", "http://c", 0.1, 1);
        long probeStarted = 100;
        candidates.found(a);
        candidates.found(b);
        candidates.bye(a, 150);
        candidates.hello(c, 160);

        candidates.probed(List.of(a, b), probeStarted);

        assertThat(candidates.addresses()).containsExactly("http://b", "http://c");
    }

    @Test
    void aProbeReplacesWhatWasKnownAndKeepsXAddrsLearntByResolve() {
        Candidates candidates = new Candidates(new FoundCandidateOrder());
        candidates.found(node("gone", "http://gone", 0.1, 1));
        candidates.found(node("r", "http://resolved", 0.1, 1));

        candidates.probed(List.of(new Target("urn:uuid:r", List.of(QUOTE), List.of(), List.of(), 1)), 0);

        assertThat(candidates.addresses()).containsExactly("http://resolved");
    }

    @Test
    void aFailedAddressIsDroppedAndItsTargetWhenNoneIsLeft() {
        Candidates candidates = new Candidates(new FoundCandidateOrder());
        candidates.found(new Target("urn:uuid:two", List.of(QUOTE), List.of(), List.of("http://x1", "http://x2"), 1));
        candidates.found(node("b", "http://b", 0.1, 1));

        candidates.failed("http://x1");
        candidates.failed("http://b");

        assertThat(candidates.addresses()).containsExactly("http://x2");
        assertThat(candidates.targets()).extracting(Target::address).containsExactly("urn:uuid:two");
    }
}
