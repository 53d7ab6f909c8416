package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PolicyStoreTest {

    @TempDir
    Path dataDir;

    @Test
    void keepsOnlyTheTenNewestVersions() throws IOException {
        FilePolicyStore store = new FilePolicyStore(dataDir);

        for (long version = 1; version <= 12; version++) {
            store.save(new PolicyStore.StoredPolicy(version, document(version)));
        }

        assertThat(store.versions()).containsExactlyElementsOf(LongStream.rangeClosed(3, 12).boxed().toList());
        assertThat(store.find(1)).isEmpty();
        assertThat(store.find(2)).isEmpty();
        assertThat(store.find(3)).hasValue(new PolicyStore.StoredPolicy(3, document(3)));
        assertThat(store.latest()).hasValue(new PolicyStore.StoredPolicy(12, document(12)));
    }

    @Test
    void anEmptyStoreHasNoPolicy() throws IOException {
        FilePolicyStore store = new FilePolicyStore(dataDir);

        assertThat(store.versions()).isEmpty();
        assertThat(store.latest()).isEmpty();
        assertThat(store.find(1)).isEmpty();
    }

    private static String document(long version) {
        return "<policy xmlns=\"urn:sd:policy:1\"><!-- version " + version + " --></policy>";
    }
}
