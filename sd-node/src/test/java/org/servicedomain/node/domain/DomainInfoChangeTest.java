package org.servicedomain.node.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

class DomainInfoChangeTest {

    private static final Instant NOW = Instant.parse("2026-12-06T18:00:00Z");
    private static final DomainInfo KEPT = new DomainInfo("Stock quotes", "ACME", "ops@acme.example", "Fair use",
            "https://acme.example/terms", "root", Instant.parse("2026-12-01T00:00:00Z"));

    @Test
    void aGivenFieldReplacesAnEmptyOneRemovesAndAnAbsentOneIsKept() {
        DomainInfo changed = new DomainInfoChange("  Quotes of every exchange \r\n(delayed 15 min)  ", null, "", null, null)
                .applyTo(KEPT, "ann", NOW);

        assertThat(changed).isEqualTo(new DomainInfo("Quotes of every exchange \n(delayed 15 min)", "ACME", null, "Fair use",
                "https://acme.example/terms", "ann", NOW));
    }

    @Test
    void aChangeOfNothingIsRefused() {
        assertThat(refusal(() -> new DomainInfoChange(null, null, null, null, null)))
                .contains("changes nothing").contains("description");
    }

    @Test
    void aFieldOverItsLimitIsRefusedNamingFieldAndLimit() {
        assertThat(refusal(() -> new DomainInfoChange("d".repeat(DomainInfoChange.MAX_DESCRIPTION + 1), null, null, null, null)))
                .isEqualTo("description may hold at most 2000 characters but has 2001");
        assertThat(refusal(() -> new DomainInfoChange(null, "o".repeat(201), null, null, null))).startsWith("owner may hold at most 200");
        assertThat(new DomainInfoChange("😀".repeat(DomainInfoChange.MAX_DESCRIPTION), null, null, null, null).description())
                .as("characters, not UTF-16 units, count").hasSize(2 * DomainInfoChange.MAX_DESCRIPTION);
    }

    @Test
    void controlCharactersAreRefusedButTheDescriptionAndTermsMaySpanLines() {
        assertThat(refusal(() -> new DomainInfoChange(null, "ACME\nLtd", null, null, null)))
                .isEqualTo("owner holds the control character U+000A at position 5; it must be one line of text");
        assertThat(refusal(() -> new DomainInfoChange("a\u0085b", null, null, null, null)))
                .isEqualTo("description holds the control character U+0085 at position 2; only line breaks and tabs are allowed");
        assertThat(refusal(() -> new DomainInfoChange(null, null, "x\uD800", null, null))).contains("U+D800");
        assertThat(new DomainInfoChange(null, null, null, "1. pay\n\t2. call", null).terms()).isEqualTo("1. pay\n\t2. call");
    }

    @Test
    void theTermsUrlIsAnAbsoluteHttpUrlWithoutCredentials() {
        assertThat(refusal(() -> new DomainInfoChange(null, null, null, null, "ftp://acme.example/terms")))
                .startsWith("termsUrl must be an absolute http or https URL");
        assertThat(refusal(() -> new DomainInfoChange(null, null, null, null, "/terms"))).startsWith("termsUrl must be an absolute");
        assertThat(refusal(() -> new DomainInfoChange(null, null, null, null, "https://u:p@acme.example/")))
                .isEqualTo("termsUrl must not hold a user name or password");
        assertThat(refusal(() -> new DomainInfoChange(null, null, null, null, "https://acme.example/a b"))).startsWith("termsUrl is not a URL");
    }

    @Test
    void theSummaryNamesTheFieldsSetAndRemovedButNotTheirText() {
        assertThat(new DomainInfoChange("secret plans", "ACME", null, "", null).summary())
                .isEqualTo("set description, owner; removed terms");
    }

    @Test
    void theDocumentationHoldsTheDescriptionAndLabelledFields() {
        assertThat(KEPT.documentation()).isEqualTo("Stock quotes\nOwner: ACME\nContact: ops@acme.example\nTerms: Fair use\n"
                + "Terms URL: https://acme.example/terms");
        assertThat(DomainInfo.NONE.documentation()).isEmpty();
    }

    private static String refusal(Runnable change) {
        try {
            change.run();
        } catch (NodeFault fault) {
            assertThat(fault.code()).isEqualTo(FaultCode.BadRequest);
            return fault.getMessage();
        }
        throw new AssertionError("the change was not refused");
    }
}
