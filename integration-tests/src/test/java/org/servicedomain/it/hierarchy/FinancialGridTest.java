package org.servicedomain.it.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.GridCalls;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.Resources;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The financial grid as the service-domain model runs it: UF with child domains UBC (registered
 * under supplier level UBC) and UPM (level UPM); WFS below UBC; Bob's Online Trading (BOT) registered
 * with WFS, personal loans, investment banking and commodity trading with UBC, so UBC's domain offers
 * five services; John's Online Trading (JOT) with UPM, which offers two. UF's policy
 * (samples/policies/grid-top.xml) sends platinum users to UBC and trial users to UPM.
 */
class FinancialGridTest {

    @TempDir
    Path dir;

    private NodeTree tree;
    private ProviderFleet providers;
    private DomainSetup uf;

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
        register("UBC", providers.start(ProviderOptions.of(SampleService.INVESTMENT_BANKING, "UBC-investments")));
        register("UBC", providers.start(ProviderOptions.of(SampleService.COMMODITY_TRADING, "UBC-commodities")));
        tree.attach("WFS", "UBC");
        tree.attachAt("UBC", "UF", "UBC");
        tree.attachAt("UPM", "UF", "UPM");
        uf = new DomainSetup(tree.get("UF").home());
        uf.policy(Resources.text("policies/grid-top.xml"));
        uf.user("pat", "pat-pw", "platinum").user("tom", "tom-pw", "trial");
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
                "ada", "copper", 10))).isEqualTo("UBC-commodities");
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
                .hasSize(2);
    }

    @Test
    void theChildDomainsPortsAreFiledAtUfUnderTheLevelTheyWereRegisteredWith() throws Exception {
        Map<String, Set<String>> levelsByChild = new java.util.TreeMap<>();
        for (InstanceInfo instance : tree.get("UF").home().getServiceInfo(new GetServiceInfo()).getInstance()) {
            levelsByChild.computeIfAbsent(name(instance), n -> new java.util.TreeSet<>()).addAll(instance.getSupplierLevel());
        }

        assertThat(levelsByChild).containsExactly(Map.entry("UBC", Set.of("UBC")), Map.entry("UPM", Set.of("UPM")));
    }

    @Test
    void aPlatinumUserIsServedByUbcsDomainInEachOfItsFiveServices() throws Exception {
        String platinum = uf.login("pat", "pat-pw");

        for (int i = 0; i < 4; i++) {
            assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port("StockQuotePortType"), "IBM", platinum)))
                    .as("stock quotes through UBC and WFS").isEqualTo("BOT");
        }
        assertThat(GridCalls.servedBy(GridCalls.order(port("OnlineTradingPortType"), "pat", "IBM", 10, platinum))).isEqualTo("BOT");
        assertThat(GridCalls.servedBy(GridCalls.order(port("PersonalLoansPortType"), "pat", "mortgage", 1, platinum)))
                .isEqualTo("UBC-loans");
        assertThat(GridCalls.servedBy(GridCalls.order(port("PersonalInvestmentBankingPortType"), "pat", "bonds", 1, platinum)))
                .isEqualTo("UBC-investments");
        assertThat(GridCalls.servedBy(GridCalls.order(port("CommodityTradingPortType"), "pat", "copper", 1, platinum)))
                .isEqualTo("UBC-commodities");
        await().untilAsserted(() -> assertThat(requestsAtUf("UBC")).isEqualTo(8));
        assertThat(requestsAtUf("UPM")).isZero();
    }

    @Test
    void aTrialUserIsServedByUpmsDomainAndGetsNoOtherService() throws Exception {
        String trial = uf.login("tom", "tom-pw");

        for (int i = 0; i < 4; i++) {
            assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port("StockQuotePortType"), "IBM", trial)))
                    .as("stock quotes through UPM").isEqualTo("JOT");
        }
        assertThat(GridCalls.servedBy(GridCalls.order(port("OnlineTradingPortType"), "tom", "IBM", 10, trial))).isEqualTo("JOT");
        SoapReply loan = GridCalls.order(port("PersonalLoansPortType"), "tom", "mortgage", 1, trial);
        assertThat(loan.faultCode()).contains("NoInstanceAvailable");
        assertThat(loan.text()).contains("UPM");
        await().untilAsserted(() -> assertThat(requestsAtUf("UPM")).isEqualTo(5));
        assertThat(requestsAtUf("UBC")).isZero();
    }

    @Test
    void aContentRuleAtUfChoosesTheChildDomainByAValueInTheMessage() throws Exception {
        uf.policy("""
                <policy xmlns="urn:sd:policy:1">
                  <serviceLevels><supplierLevel name="UBC"/><supplierLevel name="UPM"/></serviceLevels>
                  <namespace prefix="q" uri="urn:sd:samples:stockquote"/>
                  <virtualPort name="StockQuotePortType">
                    <rule supplierLevel="UPM" directive="round-robin"><content name="symbol" select="q:symbol" equals="JOHN"/></rule>
                    <rule supplierLevel="UBC" directive="round-robin"/>
                  </virtualPort>
                </policy>""");

        for (int i = 0; i < 3; i++) {
            assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port("StockQuotePortType"), "JOHN"))).isEqualTo("JOT");
            assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port("StockQuotePortType"), "IBM"))).isEqualTo("BOT");
        }
    }

    private java.net.URI port(String portType) {
        return tree.get("UF").virtualPortAddress(portType);
    }

    /** The requests UF dispatched to the instances that stand for child domain {@code child}. */
    private long requestsAtUf(String child) throws Exception {
        return tree.get("UF").home().getServiceInfo(new GetServiceInfo()).getInstance().stream()
                .filter(i -> child.equals(name(i))).mapToLong(InstanceInfo::getRequests).sum();
    }

    private static String name(InstanceInfo instance) {
        return instance.getAttribute().stream().filter(a -> a.getName().equals("name")).findFirst().orElseThrow().getValue();
    }
}
