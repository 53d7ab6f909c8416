package org.servicedomain.node.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.registration;
import static org.servicedomain.node.TestInstances.unreachableWsdlSource;
import static org.servicedomain.node.TestInstances.wsdlSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.core.Instance;

class CatalogConcurrencyTest {

    private static final int THREADS = 6;
    private static final int REGISTRATIONS_PER_THREAD = 12;

    @TempDir
    Path dataDir;

    @Test
    void concurrentRegisterAndUnregisterNeverLoseNorDuplicateInstances() throws Exception {
        Catalog catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        Set<String> kept = new HashSet<>();
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<List<String>>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                results.add(pool.submit(registerAndUnregisterEveryOther(catalog, t, start)));
            }
            start.countDown();
            for (Future<List<String>> result : results) {
                kept.addAll(result.get());
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(kept).hasSize(THREADS * REGISTRATIONS_PER_THREAD / 2);
        assertThat(ids(catalog)).containsExactlyInAnyOrderElementsOf(kept);
        assertThat(ids(Catalog.open(new FileCatalogStore(dataDir), unreachableWsdlSource())))
                .as("what was saved last is what the threads left")
                .containsExactlyInAnyOrderElementsOf(kept);
    }

    /** Registers distinct endpoints, unregistering every other one at once; returns the ids it kept. */
    private static Callable<List<String>> registerAndUnregisterEveryOther(Catalog catalog, int thread,
            CountDownLatch start) {
        return () -> {
            start.await();
            List<String> kept = new ArrayList<>();
            for (int i = 0; i < REGISTRATIONS_PER_THREAD; i++) {
                String endpoint = "http://provider.example/thread-" + thread + "/instance-" + i;
                String id = catalog.register(registration(SOAP11_WSDL, endpoint)).get(0).instance().id();
                if (i % 2 == 0) {
                    catalog.unregister(id);
                } else {
                    kept.add(id);
                }
            }
            return kept;
        };
    }

    private static List<String> ids(Catalog catalog) {
        return catalog.snapshot().instances().stream().map(Instance::id).toList();
    }
}
