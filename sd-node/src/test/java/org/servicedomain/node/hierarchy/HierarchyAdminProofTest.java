package org.servicedomain.node.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.proof.TimedSignature;
import org.servicedomain.node.outbound.TestOutbound;

/** How a child takes the admin proofs of its parent across its own restart. */
class HierarchyAdminProofTest {

    private static final String SECRET = "parent-secret-of-this-child";
    private static final String TARGET = "/services/home";
    private static final byte[] BODY = AdminProof.digest("<getUsers/>".getBytes(StandardCharsets.UTF_8));

    @TempDir
    Path dataDir;

    private Hierarchy open() throws IOException {
        return Hierarchy.open(new HierarchyConfig("child", SECRET, HierarchyConfig.DEFAULT_POLL_INTERVAL), dataDir,
                Catalog.open(new FileCatalogStore(dataDir), TestInstances.wsdlSource()), ChildRegistry.open(dataDir),
                new ChildHomeClient(TestOutbound.none(), Duration.ofSeconds(1), 1 << 20));
    }

    private static String proof(Hierarchy child, Instant at) {
        return AdminProof.of(TimedSignature.of(SECRET), at, new AdminProof.Call(child.nodeId(), TARGET, "root", BODY));
    }

    @Test
    void aProofTakenBeforeARestartIsRefusedAfterItThoughItsNoncesWereForgotten() throws IOException {
        String proof;
        try (Hierarchy before = open()) {
            proof = proof(before, Instant.now());
            before.acceptParentAdministrator(proof, TARGET, "root", BODY);
        }
        long made = TimedSignature.read(AdminProof.token(proof)).millis();
        await().until(() -> Instant.now().toEpochMilli() > made);

        try (Hierarchy after = open()) {
            assertThatThrownBy(() -> after.acceptParentAdministrator(proof, TARGET, "root", BODY))
                    .isInstanceOfSatisfying(NodeFault.class, f -> assertThat(f.code())
                            .isEqualTo(FaultCode.NotAuthorized))
                    .hasMessageContaining("before this node started");
        }
    }

    @Test
    void aProofMadeAfterTheNodeStartedIsTakenOnce() throws IOException {
        try (Hierarchy child = open()) {
            String proof = proof(child, Instant.now());

            assertThatCode(() -> child.acceptParentAdministrator(proof, TARGET, "root", BODY)).doesNotThrowAnyException();
            assertThatThrownBy(() -> child.acceptParentAdministrator(proof, TARGET, "root", BODY))
                    .hasMessageContaining("already used");
        }
    }

    @Test
    void aProofMadeBeforeTheNodeStartedIsRefusedWithinTheWindowToo() throws IOException {
        try (Hierarchy child = open()) {
            String proof = proof(child, Instant.now().minusSeconds(5));

            assertThatThrownBy(() -> child.acceptParentAdministrator(proof, TARGET, "root", BODY))
                    .hasMessageContaining("before this node started");
        }
    }
}
