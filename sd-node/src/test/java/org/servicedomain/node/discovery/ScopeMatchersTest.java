package org.servicedomain.node.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class ScopeMatchersTest {

    private static final String V11 = DiscoveryVersion.V11.namespace() + "/";
    private static final String V2005 = DiscoveryVersion.V2005.namespace() + "/";

    @Test
    void rfc3986MatchesByWholePathSegments() {
        ScopeMatcher rfc = ScopeMatchers.of(V11 + "rfc3986").orElseThrow();

        assertThat(rfc.matches("http://example.org/sales", "http://example.org/sales/eu")).isTrue();
        assertThat(rfc.matches("http://example.org/sales/", "http://example.org/sales")).isTrue();
        assertThat(rfc.matches("HTTP://Example.ORG/sales", "http://example.org/sales/eu")).isTrue();
        assertThat(rfc.matches("http://example.org/sales", "http://example.org/salesforce")).isFalse();
        assertThat(rfc.matches("http://example.org/Sales", "http://example.org/sales")).isFalse();
        assertThat(rfc.matches("http://example.org/sales/eu", "http://example.org/sales")).isFalse();
        assertThat(rfc.matches("http://other.org/sales", "http://example.org/sales")).isFalse();
    }

    @Test
    void rfc3986IsTheDefaultAndTheOldRfc2396NameMeansIt() {
        assertThat(ScopeMatchers.of(null)).containsSame(ScopeMatchers.rfc3986());
        assertThat(ScopeMatchers.of(V2005 + "rfc2396")).containsSame(ScopeMatchers.rfc3986());
        assertThat(ScopeMatchers.of(V2005 + "rfc3986")).containsSame(ScopeMatchers.rfc3986());
    }

    @Test
    void strcmp0NeedsTheSameString() {
        ScopeMatcher strcmp = ScopeMatchers.of(V2005 + "strcmp0").orElseThrow();

        assertThat(strcmp.matches("http://example.org/sales", "http://example.org/sales")).isTrue();
        assertThat(strcmp.matches("http://example.org/sales", "http://example.org/sales/eu")).isFalse();
        assertThat(strcmp.matches("http://example.org/sales", "HTTP://example.org/sales")).isFalse();
    }

    @Test
    void uuidComparesTheNumbersWhateverTheirSpelling() {
        ScopeMatcher uuid = ScopeMatchers.of(V11 + "uuid").orElseThrow();

        assertThat(uuid.matches("uuid:1B4E28BA-2FA1-11D2-883F-0016D3CCA427",
                "urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427")).isTrue();
        assertThat(uuid.matches("uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427",
                "uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca428")).isFalse();
        assertThat(uuid.matches("not-a-uuid", "not-a-uuid")).isFalse();
    }

    @Test
    void anUnknownRuleIsNotKnown() {
        assertThat(ScopeMatchers.of(V11 + "ldap")).isEmpty();
        assertThat(ScopeMatchers.of("urn:something-else")).isEmpty();
    }

    @Test
    void aProbeMatchesTargetsOfAllItsTypesAndScopes() {
        QName quote = new QName("urn:q", "Quote");
        EndpointDescription target = new EndpointDescription("urn:uuid:t", List.of(quote, new QName("urn:q", "Other")),
                List.of("http://example.org/sales/eu", "http://example.org/region/north"), List.of(), 1);

        assertThat(ProbeMatching.matches(List.of(), List.of(), null, target)).isTrue();
        assertThat(ProbeMatching.matches(List.of(quote), List.of("http://example.org/sales"), null, target)).isTrue();
        assertThat(ProbeMatching.matches(List.of(quote), List.of("http://example.org/sales", "http://example.org/region"),
                null, target)).isTrue();
        assertThat(ProbeMatching.matches(List.of(quote), List.of("http://example.org/hr"), null, target)).isFalse();
        assertThat(ProbeMatching.matches(List.of(new QName("urn:q", "Missing")), List.of(), null, target)).isFalse();
        assertThat(ProbeMatching.matches(List.of(), List.of("http://example.org/sales"), V11 + "ldap", target)).isFalse();
    }

    @Test
    void noneMatchesOnlyTargetsWithoutScopes() {
        EndpointDescription scoped = new EndpointDescription("urn:uuid:a", List.of(), List.of("http://x/y"), List.of(), 1);
        EndpointDescription unscoped = new EndpointDescription("urn:uuid:b", List.of(), List.of(), List.of(), 1);

        assertThat(ProbeMatching.matches(List.of(), List.of(), V11 + "none", unscoped)).isTrue();
        assertThat(ProbeMatching.matches(List.of(), List.of(), V11 + "none", scoped)).isFalse();
    }
}
