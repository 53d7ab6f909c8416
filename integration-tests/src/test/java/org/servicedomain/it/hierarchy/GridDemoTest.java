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
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.GridCalls;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The sample grid that {@code bin/sd-grid-demo} starts, run against four real nodes: the tree of the
 * service-domain model, with UF's platinum user served by UBC's domain and its trial user by UPM's.
 */
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
        startGrid();

        assertThat(tree.portTypes("UF")).hasSize(5);
        assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(tree.get("UF").virtualPortAddress("StockQuotePortType"),
                "IBM"))).isIn("BOT", "JOT");
        assertThat(tree.topology("UF").getChild()).hasSize(2);
        assertThat(tree.portTypes("UBC")).as("UBC's domain offers the five services").hasSize(5);
        assertThat(tree.portTypes("UPM")).as("UPM's domain offers the trial services")
                .containsExactlyInAnyOrder("StockQuotePortType", "OnlineTradingPortType");
    }

    @Test
    void theSampleGridServesItsPlatinumUserFromUbcAndItsTrialUserFromUpm() throws Exception {
        startGrid();
        DomainSetup uf = new DomainSetup(tree.get("UF").home());
        String pat = uf.login("pat", GridDemo.demoPassword("pat"));
        String tom = uf.login("tom", GridDemo.demoPassword("tom"));
        URI quotes = tree.get("UF").virtualPortAddress("StockQuotePortType");

        for (int i = 0; i < 3; i++) {
            assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(quotes, "IBM", pat))).as("platinum: UBC/WFS/BOT")
                    .isEqualTo("BOT");
            assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(quotes, "IBM", tom))).as("trial: UPM/JOT")
                    .isEqualTo("JOT");
        }
        assertThat(GridCalls.servedBy(GridCalls.order(tree.get("UF").virtualPortAddress("CommodityTradingPortType"),
                "pat", "copper", 1, pat))).isEqualTo("UBC-commodities");
        assertThat(GridCalls.order(tree.get("UF").virtualPortAddress("CommodityTradingPortType"), "tom", "copper", 1, tom)
                .faultCode()).contains("NoInstanceAvailable");
    }

    private void startGrid() throws Exception {
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
    }
}
