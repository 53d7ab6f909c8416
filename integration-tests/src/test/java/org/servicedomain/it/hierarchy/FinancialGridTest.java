package org.servicedomain.it.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.GridCalls;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The financial grid: UF with children UBC and UPM; WFS below UBC; Bob's Online Trading (BOT)
 * registered with WFS, John's Online Trading (JOT) with UPM, and providers of personal loans (at
 * UBC), personal investment banking and commodity trading (at UPM). UF shows five virtual ports.
 */
class FinancialGridTest {

    @TempDir
    Path dir;

    private NodeTree tree;
    private ProviderFleet providers;

    @BeforeEach
    void financialGrid() throws Exception {
        providers = new ProviderFleet();
        tree = new NodeTree(dir);
        for (String node : List.of("UF", "UBC", "UPM", "WFS")) {
            tree.start(node);
        }
        register("WFS", providers.start(ProviderOptions.of(SampleService.STOCKQUOTE, "BOT")));
        register("WFS", providers.start(ProviderOptions.of(SampleService.ONLINE_TRADING, "BOT")));
        register("UPM", providers.start(ProviderOptions.of(SampleService.STOCKQUOTE, "JOT")));
        register("UPM", providers.start(ProviderOptions.of(SampleService.ONLINE_TRADING, "JOT")));
        register("UBC", providers.start(ProviderOptions.of(SampleService.PERSONAL_LOANS, "UBC-loans")));
        register("UPM", providers.start(ProviderOptions.of(SampleService.INVESTMENT_BANKING, "UPM-investments")));
        register("UPM", providers.start(ProviderOptions.of(SampleService.COMMODITY_TRADING, "UPM-commodities")));
        tree.attach("WFS", "UBC");
        tree.attach("UBC", "UF");
        tree.attach("UPM", "UF");
    }

    private void register(String node, SampleProvider provider) throws Exception {
        Registrations.register(tree.get(node).home(), provider);
    }

    @AfterEach
    void stop() {
        tree.close();
        providers.close();
    }

    @Test
    void ufShowsFiveVirtualPortsEachWithItsOwnWsdl() throws Exception {
        tree.poll("UF");

        assertThat(tree.portTypes("UF")).containsExactlyInAnyOrder("StockQuotePortType", "OnlineTradingPortType",
                "PersonalLoansPortType", "PersonalInvestmentBankingPortType", "CommodityTradingPortType");
        for (String port : tree.portTypes("UF")) {
            SoapReply wsdl = SoapExchange.get(tree.get("UF").virtualPortWsdl(port));
            assertThat(wsdl.status()).isEqualTo(200);
            assertThat(wsdl.text()).contains(port).contains(tree.get("UF").virtualPortAddress(port).toString());
        }
    }

    @Test
    void ufDomainWsdlImportsTheWsdlOfEachOfItsFivePorts() throws Exception {
        tree.poll("UF");

        SoapReply domain = SoapExchange.get(java.net.URI.create(tree.get("UF").baseUri() + "/services/domain?wsdl"));

        assertThat(domain.status()).isEqualTo(200);
        assertThat(domain.parse().getElementsByTagNameNS("http://schemas.xmlsoap.org/wsdl/", "import").getLength()).isEqualTo(5);
        for (String port : tree.portTypes("UF")) {
            assertThat(domain.text()).contains("location=\"" + tree.get("UF").virtualPortWsdl(port) + "\"");
        }
    }

    @Test
    void stockQuotesAtUfReachBothBobsAndJohnsOnlineTrading() {
        Set<String> servedBy = new HashSet<>();
        for (int i = 0; i < 6; i++) {
            SoapReply reply = StockQuoteCalls.getQuote(tree.get("UF").virtualPortAddress("StockQuotePortType"), "IBM");
            servedBy.add(StockQuoteCalls.servedBy(reply));
        }

        assertThat(servedBy).containsExactlyInAnyOrder("BOT", "JOT");
    }

    @Test
    void ordersAtEveryLevelReachTheirProviders() {
        assertThat(GridCalls.servedBy(GridCalls.order(tree.get("UF").virtualPortAddress("PersonalLoansPortType"),
                "ada", "mortgage", 250_000))).isEqualTo("UBC-loans");
        assertThat(GridCalls.servedBy(GridCalls.order(tree.get("UF").virtualPortAddress("CommodityTradingPortType"),
                "ada", "copper", 10))).isEqualTo("UPM-commodities");
        assertThat(GridCalls.servedBy(GridCalls.order(tree.get("UBC").virtualPortAddress("OnlineTradingPortType"),
                "ada", "IBM", 10))).isEqualTo("BOT");
    }

    @Test
    void getServiceInfoShowsTheTopologyBelowUf() throws Exception {
        GetServiceInfoResponse answer = tree.poll("UF");

        NodeInfo uf = answer.getNode();
        assertThat(uf.getName()).isEqualTo("UF");
        assertThat(uf.getChild()).extracting(NodeInfo::getName).containsExactly("UBC", "UPM");
        NodeInfo ubc = uf.getChild().get(0);
        assertThat(ubc.getState()).isEqualTo("reachable");
        assertThat(ubc.getChild()).extracting(NodeInfo::getName).containsExactly("WFS");
        NodeInfo wfs = ubc.getChild().get(0);
        assertThat(wfs.getInstance()).extracting(i -> i.getAttribute().stream()
                .filter(a -> a.getName().equals("name")).findFirst().orElseThrow().getValue()).containsOnly("BOT");
        assertThat(tree.get("UPM").home().getServiceInfo(new org.servicedomain.home.v1.GetServiceInfo()).getVirtualPort())
                .hasSize(4);
    }
}
