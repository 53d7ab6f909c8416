package org.servicedomain.it.sdctl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SdctlRun;

/** {@code sdctl domain show} and {@code sdctl domain set} against a real node with an administrator. */
class SdctlDomainTest {

    private static final String ADMIN_PASSWORD = "root-pw-1";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a");

    @TempDir
    Path configHome;

    private SdctlRun sdctl;

    @BeforeEach
    void nodeWithAnAdministratorAndALoggedInSdctl() {
        sdctl = SdctlRun.signedInAsAdministrator(configHome, domain.node().baseUri(), ADMIN_PASSWORD);
    }

    @Test
    void setChangesOnlyTheFieldsGivenAndShowPrintsThem() throws Exception {
        SdctlRun.Result first = sdctl.run("domain", "set", "--description", "Stock quotes", "--owner", "ACME Markets",
                "--terms", "Fair use");
        assertThat(first.exitCode()).as(first.toString()).isZero();

        SdctlRun.Result second = sdctl.run("domain", "set", "--contact", "ops@acme.example", "--terms", "");
        SdctlRun.Result shown = sdctl.run("domain", "show");
        SdctlRun.Result json = sdctl.run("-o", "json", "domain", "show");

        assertThat(second.exitCode()).as(second.toString()).isZero();
        assertThat(shown.exitCode()).as(shown.toString()).isZero();
        assertThat(shown.out()).contains("description: Stock quotes").contains("owner:       ACME Markets")
                .contains("contact:     ops@acme.example").doesNotContain("terms").contains("by root");
        JsonNode read = new ObjectMapper().readTree(json.out());
        assertThat(read.get("owner").asText()).isEqualTo("ACME Markets");
        assertThat(read.get("terms").isNull()).isTrue();
        assertThat(NodeClient.connect(domain.node().baseUri()).domainInfo().getContact()).isEqualTo("ops@acme.example");
    }

    @Test
    void badInputIsTheNodesRefusalAndNoOptionIsAUsageError() {
        SdctlRun.Result refused = sdctl.run("domain", "set", "--terms-url", "ftp://acme.example/terms");
        SdctlRun.Result nothing = sdctl.run("domain", "set");

        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).contains("BadRequest").contains("termsUrl must be an absolute http or https URL");
        assertThat(nothing.exitCode()).isEqualTo(2);
        assertThat(nothing.err()).contains("at least one of --description");
    }
}
