package org.servicedomain.it.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.samples.GridDemo;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.StockQuoteCalls;

/** The sample grid topology that {@code bin/sd-grid-demo} starts, run against four real nodes. */
class GridDemoTest {

    @TempDir
    Path dir;

    private NodeTree tree;
    private GridDemo grid;

    @AfterEach
    void stop() {
        if (grid != null) {
            grid.close();
        }
        tree.close();
    }

    @Test
    void theSampleGridShowsFiveVirtualPortsAtUfAndServesThroughIt() throws Exception {
        tree = new NodeTree(dir);
        Map<String, URI> nodes = new LinkedHashMap<>();
        Map<String, String> secrets = new LinkedHashMap<>();
        for (String[] node : GridDemo.NODES) {
            nodes.put(node[0], tree.start(node[0]).baseUri());
            secrets.put(node[0], NodeTree.secretOf(node[0]));
        }
        grid = new GridDemo(nodes, secrets, 0);

        grid.start(Duration.ofSeconds(30));
        tree.poll("UF");

        assertThat(tree.portTypes("UF")).hasSize(5);
        assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(tree.get("UF").virtualPortAddress("StockQuotePortType"),
                "IBM"))).isIn("BOT", "JOT");
        assertThat(tree.topology("UF").getChild()).hasSize(2);
    }
}
