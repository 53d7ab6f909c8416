package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.domain.DomainInfo;
import org.servicedomain.node.domain.DomainInfoChange;
import org.servicedomain.node.domain.FileDomainInfoStore;
import org.servicedomain.node.session.FileUserDirectory;
import org.servicedomain.node.session.User;

/**
 * {@code cluster-import} on a real ZooKeeper server copies a standalone node's domain information
 * ({@code domain.json}) as it was kept, who changed it and when included, so every member serves it;
 * a cluster that already has domain information is not empty.
 */
class ClusterImportOfDomainInfoTest {

    @RegisterExtension
    static final OneZooKeeper ZOOKEEPER = new OneZooKeeper("import-domain");

    private static final Instant CHANGED_AT = Instant.parse("2026-12-06T18:00:00.123Z");
    private static final DomainInfoChange DESCRIBED = new DomainInfoChange("Stock quotes of every exchange", "ACME Markets",
            "ops@acme.example", null, "https://acme.example/terms");

    @TempDir
    Path standaloneDir;

    @Test
    void theDomainInformationIsImportedAsTheStandaloneNodeKeptItAndEveryMemberReadsIt() throws Exception {
        DomainInfo kept = FileDomainInfoStore.open(standaloneDir)
                .update(current -> DESCRIBED.applyTo(current, "root", CHANGED_AT));

        ClusterImport.Imported imported = ClusterImport.run(standaloneDir, ZOOKEEPER.cluster());

        assertThat(imported.domainInfo()).isTrue();
        try (ZooKeeperDomainInfoStore member = new ZooKeeperDomainInfoStore(ZOOKEEPER.connection())) {
            assertThat(member.current()).isEqualTo(kept);
        }
    }

    @Test
    void aNodeWithoutDomainInformationLeavesTheClusterWithout() throws Exception {
        new FileUserDirectory(standaloneDir).put(new User("joe", "gold", List.of(), Set.of("user")), "joe-pw".toCharArray());

        ClusterImport.Imported imported = ClusterImport.run(standaloneDir, ZOOKEEPER.cluster());

        assertThat(imported.domainInfo()).isFalse();
        assertThat(ZOOKEEPER.connection().client().checkExists().forPath(ZooKeeperDomainInfoStore.DOMAIN)).isNull();
    }

    @Test
    void aClusterThatHasDomainInformationIsRefusedAsNotEmptyAndKeepsIt() throws Exception {
        FileDomainInfoStore.open(standaloneDir).update(current -> DESCRIBED.applyTo(current, "root", CHANGED_AT));
        DomainInfo clusters;
        try (ZooKeeperDomainInfoStore member = new ZooKeeperDomainInfoStore(ZOOKEEPER.connection())) {
            clusters = member.update(current -> new DomainInfoChange("The cluster's own", null, null, null, null)
                    .applyTo(current, "admin", CHANGED_AT));
        }

        assertThatThrownBy(() -> ClusterImport.run(standaloneDir, ZOOKEEPER.cluster()))
                .isInstanceOf(ClusterImport.ClusterNotEmptyException.class)
                .hasMessageContaining("already has state").hasMessageContaining("domain information");
        try (ZooKeeperDomainInfoStore member = new ZooKeeperDomainInfoStore(ZOOKEEPER.connection())) {
            assertThat(member.current()).isEqualTo(clusters);
        }
    }

    @Test
    void domainInformationWhoseFieldsWereAllRemovedIsNothingToImport() throws IOException {
        FileDomainInfoStore store = FileDomainInfoStore.open(standaloneDir);
        store.update(current -> DESCRIBED.applyTo(current, "root", CHANGED_AT));
        store.update(current -> new DomainInfoChange("", "", "", null, "").applyTo(current, "root", CHANGED_AT));

        assertThatThrownBy(() -> ClusterImport.run(standaloneDir, ZOOKEEPER.cluster()))
                .isInstanceOf(ClusterImport.NothingToImportException.class)
                .hasMessageContaining("no domain information (domain.json)");
    }
}
