package org.servicedomain.it.sdctl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.testsupport.NarrowedWsdl;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SdctlRun;

/**
 * {@code sdctl instances} shows which of its port's operations each instance implements: two real
 * stock-quote providers, one registered from its WSDL without {@code buy}.
 */
class SdctlInstanceOperationsTest {

    private static final String ADMIN_PASSWORD = "root-pw-1";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("full", "quotes-only");

    @TempDir
    Path configHome;

    private SdctlRun sdctl;
    private NarrowedWsdl withoutBuy;
    private Registration full;
    private Registration quotesOnly;

    @BeforeEach
    void oneFullProviderOneWithoutBuyAndALoggedInSdctl() throws Exception {
        full = Registrations.register(domain.node().home(), domain.provider("full"));
        withoutBuy = NarrowedWsdl.of(domain.provider("quotes-only"), "buy");
        quotesOnly = withoutBuy.register(domain.node().home());
        sdctl = SdctlRun.signedInAsAdministrator(configHome, domain.node().baseUri(), ADMIN_PASSWORD);
    }

    @AfterEach
    void stopServingTheNarrowedWsdl() {
        withoutBuy.close();
    }

    @Test
    void instancesShowAllForAnInstanceWithEveryOperationAndTheOthersTheirOwn() throws Exception {
        SdctlRun.Result table = sdctl.run("instances");
        SdctlRun.Result json = sdctl.run("-o", "json", "instances");

        assertThat(table.exitCode()).as(table.toString()).isZero();
        assertThat(table.out()).containsPattern("(?m)^ *NAME +INSTANCE +PORT +STATE +LEVELS +OPERATIONS ")
                .containsPattern("(?m)^full +" + Pattern.quote(full.getInstanceId()) + " .* all +http")
                .containsPattern("(?m)^quotes-only +" + Pattern.quote(quotesOnly.getInstanceId()) + " .* getQuote,monitorStocks +http");
        assertThat(json.exitCode()).as(json.toString()).isZero();
        List<String> seen = new ArrayList<>();
        for (JsonNode row : new ObjectMapper().readTree(json.out())) {
            boolean isFull = row.get("instanceId").asText().equals(full.getInstanceId());
            assertThat(row.get("allOperations").asBoolean()).isEqualTo(isFull);
            List<String> operations = new ArrayList<>();
            row.get("operations").forEach(o -> operations.add(o.asText()));
            assertThat(operations).isEqualTo(isFull ? List.of() : List.of("getQuote", "monitorStocks"));
            seen.add(row.get("name").asText());
        }
        assertThat(seen).containsExactlyInAnyOrder("full", "quotes-only");
    }
}
