package org.servicedomain.node.cluster;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;

/** Starts a {@link CuratorCache} and waits until it holds what ZooKeeper held, so a member serves from a full cache. */
final class CacheStart {

    /** How long a cache may take to load before the node refuses to start. */
    static final Duration TIMEOUT = Duration.ofSeconds(15);

    private CacheStart() {
    }

    /** Starts {@code cache} (its listeners already added) and waits for its first load of {@code what}. */
    static void await(CuratorCache cache, String what) throws IOException {
        CountDownLatch loaded = new CountDownLatch(1);
        cache.listenable().addListener(CuratorCacheListener.builder().forInitialized(loaded::countDown).build());
        cache.start();
        try {
            if (!loaded.await(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                cache.close();
                throw new IOException("could not load " + what + " from ZooKeeper within " + TIMEOUT.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            cache.close();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while loading " + what + " from ZooKeeper", e);
        }
    }
}
