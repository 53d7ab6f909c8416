package org.servicedomain.node.entry.port;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class BodyWatchTest {

    @Test
    void closeReturnsOnlyOnceTheWatchThreadHasEnded() {
        Set<Thread> before = watchThreads();
        BodyWatch watch = new BodyWatch(new BodyPolicy(1024, Duration.ofSeconds(30), 1, Duration.ofSeconds(5)));
        Set<Thread> started = new HashSet<>(watchThreads());
        started.removeAll(before);
        assertThat(started).as("the watch's own thread").hasSize(1);

        watch.close();

        assertThat(started.iterator().next().isAlive()).as("the watch thread alive after close").isFalse();
    }

    private static Set<Thread> watchThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("sd-body-watch"))
                .collect(Collectors.toSet());
    }
}
