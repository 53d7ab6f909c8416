package org.servicedomain.it.sdctl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.SdctlRun;

/** {@code sdctl topology} draws the tree of real nodes below the one it asks, as a tree and as JSON. */
class SdctlTopologyTest {

    @TempDir
    Path dir;

    private NodeTree tree;
    private ProviderFleet providers;

    @BeforeEach
    void threeLevelsOfNodesWithAProviderAtTheBottom() throws Exception {
        tree = new NodeTree(dir);
        providers = ProviderFleet.stockQuotes("leaf-quotes");
        tree.start("UF");
        tree.start("UBC");
        tree.start("WFS");
        new DomainSetup(tree.get("WFS").home()).provider(providers.get(0), null);
        tree.attach("WFS", "UBC");
        tree.attach("UBC", "UF");
    }

    @AfterEach
    void stop() {
        tree.close();
        providers.close();
    }

    @Test
    void topologyShowsEachChildBelowItsParent() throws Exception {
        SdctlRun sdctl = new SdctlRun(dir.resolve("config"));
        String uf = tree.get("UF").baseUri().toString();

        SdctlRun.Result asJson = sdctl.run("--node", uf, "-o", "json", "topology", "--poll");
        SdctlRun.Result asTree = sdctl.run("--node", uf, "topology");

        assertThat(asJson.exitCode()).as(asJson.toString()).isZero();
        JsonNode root = new ObjectMapper().readTree(asJson.out());
        assertThat(root.get("name").asText()).isEqualTo("UF");
        assertThat(root.get("children")).hasSize(1);
        JsonNode ubc = root.get("children").get(0);
        assertThat(ubc.get("name").asText()).isEqualTo("UBC");
        assertThat(ubc.get("state").asText()).isEqualTo("reachable");
        assertThat(ubc.get("children").get(0).get("name").asText()).isEqualTo("WFS");
        assertThat(ubc.get("children").get(0).get("instances").asInt()).isEqualTo(1);
        assertThat(asTree.exitCode()).isZero();
        assertThat(asTree.out().lines()).hasSize(3);
        assertThat(asTree.out().lines().toList().get(1)).startsWith("└── UBC");
        assertThat(asTree.out().lines().toList().get(2)).startsWith("    └── WFS");
    }
}
