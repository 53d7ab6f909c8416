package org.servicedomain.node.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatusStoreTest {

    @TempDir
    Path dataDir;

    /** A part holding one number, that refuses anything but digits. */
    private static final class Counter implements StatusStore.Part {
        final AtomicInteger value = new AtomicInteger();
        final AtomicInteger snapshots = new AtomicInteger();

        @Override
        public String fileName() {
            return "counter.txt";
        }

        @Override
        public byte[] snapshot() {
            snapshots.incrementAndGet();
            return Integer.toString(value.get()).getBytes(StandardCharsets.US_ASCII);
        }

        @Override
        public void restore(byte[] saved) throws IOException {
            String text = new String(saved, StandardCharsets.US_ASCII);
            if (!text.matches("[0-9]+")) {
                throw new IOException("not a number: " + text);
            }
            value.set(Integer.parseInt(text));
        }
    }

    @Test
    void whatIsSavedOnCloseIsRestoredByTheNextStart() {
        Counter before = new Counter();
        StatusStore first = new StatusStore(dataDir, List.of(before));
        first.restore();
        first.start(Duration.ofHours(1));
        before.value.set(42);
        first.close();

        Counter after = new Counter();
        new StatusStore(dataDir, List.of(after)).restore();

        assertThat(after.value.get()).isEqualTo(42);
        assertThat(dataDir.resolve("status").resolve("counter.txt")).hasContent("42");
    }

    @Test
    void savesAtTheIntervalWhileRunning() {
        Counter counter = new Counter();
        StatusStore store = new StatusStore(dataDir, List.of(counter));
        store.start(Duration.ofMillis(50));
        try {
            counter.value.set(7);
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                    assertThat(dataDir.resolve("status").resolve("counter.txt")).hasContent("7"));
        } finally {
            store.close();
        }
    }

    @Test
    void aCorruptFileIsIgnoredTheStatusStartsEmptyAndTheNextSaveReplacesIt() throws IOException {
        Path file = dataDir.resolve("status").resolve("counter.txt");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "garbage{");
        Counter counter = new Counter();
        StatusStore store = new StatusStore(dataDir, List.of(counter));

        store.restore();

        assertThat(counter.value.get()).isZero();
        counter.value.set(3);
        store.save();
        assertThat(file).hasContent("3");
    }

    @Test
    void anUnchangedStatusIsNotWrittenAgain() throws IOException {
        Counter counter = new Counter();
        counter.value.set(5);
        StatusStore store = new StatusStore(dataDir, List.of(counter));
        store.save();
        Path file = dataDir.resolve("status").resolve("counter.txt");
        Files.writeString(file, "5");
        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(0));

        store.save();

        assertThat(Files.getLastModifiedTime(file).toMillis()).isZero();
        counter.value.set(6);
        store.save();
        assertThat(file).hasContent("6");
    }
}
