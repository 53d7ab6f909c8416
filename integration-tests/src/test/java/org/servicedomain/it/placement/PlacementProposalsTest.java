package org.servicedomain.it.placement;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetPlacementProposals;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.PlacementProposal;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.OtherQuotesCalls;

/**
 * The node proposes placing the other-quotes port type into the stock-quote virtual port (and nothing
 * for the credit-check port, which shares no operation), and its policy fragment applies it.
 */
class PlacementProposalsTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("stock-a");

    @Test
    void proposesThePortWithMoreOperationsAbsorbingTheOtherAndNamesSharedExtraAndMissingOperations() throws Exception {
        registerStockOtherAndCredit();

        List<PlacementProposal> proposals = proposals();

        assertThat(proposals).singleElement().satisfies(p -> {
            assertThat(p.getVirtualPort()).isEqualTo("StockQuotePortType");
            assertThat(p.getPlacedVirtualPort()).isEqualTo("OtherQuotesPortType");
            assertThat(p.getPlacedPortType()).isEqualTo(OtherQuotesCalls.PORT_TYPE);
            assertThat(p.getSharedOperation()).containsExactly("buy", "getQuote");
            assertThat(p.getExtraOperation()).containsExactly("getDividend");
            assertThat(p.getMissingOperation()).containsExactly("monitorStocks");
        });
    }

    @Test
    void theProposedPolicyFragmentAppliesThePlacementAfterWhichNothingIsLeftToPropose() throws Exception {
        registerStockOtherAndCredit();
        String fragment = proposals().get(0).getPolicyFragment();

        domain.setup().policy("<policy xmlns=\"urn:sd:policy:1\">" + fragment + "</policy>");

        assertThat(domain.node().home().getServiceInfo(new GetServiceInfo()).getVirtualPort())
                .extracting(p -> p.getName()).containsExactlyInAnyOrder("StockQuotePortType", "CreditCheckPortType");
        assertThat(proposals()).isEmpty();
    }

    private void registerStockOtherAndCredit() throws Exception {
        domain.setup().provider(domain.provider("stock-a"), null);
        domain.setup().provider(domain.providers().start(ProviderOptions.of(SampleService.OTHER_QUOTES, "other-b")), null);
        domain.setup().provider(domain.providers().start(ProviderOptions.of(SampleService.CREDITCHECK, "credit")), null);
    }

    private List<PlacementProposal> proposals() throws Exception {
        return domain.node().home().getPlacementProposals(new GetPlacementProposals()).getProposal();
    }
}
