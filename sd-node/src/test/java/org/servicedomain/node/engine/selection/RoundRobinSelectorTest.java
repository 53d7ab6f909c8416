package org.servicedomain.node.engine.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.instances;
import static org.servicedomain.node.TestInstances.request;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Instance;

class RoundRobinSelectorTest {

    private final RoundRobinSelector selector = new RoundRobinSelector();
    private final List<Instance> candidates = instances("a", "b", "c");

    @Test
    void handsRequestsToEachCandidateInTurn() {
        List<String> picks = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            picks.add(selector.select(candidates, request()).id());
        }

        assertThat(picks).containsExactly("a", "b", "c", "a", "b", "c", "a");
    }

    @Test
    void keepsItsTurnWhenTheCandidateListShrinks() {
        selector.select(candidates, request());

        Instance pick = selector.select(instances("a", "c"), request());

        assertThat(pick.id()).isEqualTo("c");
    }

    @Test
    void givesEveryCandidateAnEqualShareUnderConcurrentCalls() throws Exception {
        int threads = 8;
        int picksPerThread = 30_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Map<String, Integer>>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                results.add(pool.submit(countPicks(start, picksPerThread)));
            }
            start.countDown();

            Map<String, Integer> total = new HashMap<>();
            for (Future<Map<String, Integer>> result : results) {
                result.get().forEach((id, n) -> total.merge(id, n, Integer::sum));
            }

            int share = threads * picksPerThread / candidates.size();
            assertThat(total).containsOnly(Map.entry("a", share), Map.entry("b", share), Map.entry("c", share));
        } finally {
            pool.shutdownNow();
        }
    }

    private Callable<Map<String, Integer>> countPicks(CountDownLatch start, int picks) {
        return () -> {
            start.await();
            Map<String, Integer> counts = new HashMap<>();
            for (int i = 0; i < picks; i++) {
                counts.merge(selector.select(candidates, request()).id(), 1, Integer::sum);
            }
            return counts;
        };
    }
}
