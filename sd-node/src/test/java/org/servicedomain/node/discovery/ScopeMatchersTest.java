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

    /** WS-Discovery 1.1, Matching Types and Scopes, rfc3986: "http://example.com/abc" matches ".../abc/def", not ".../abcdef" (no string prefix). */
    @Test
    void rfc3986FollowsTheSpecificationsExampleOfSegmentsNotCharacters() {
        ScopeMatcher rfc = ScopeMatchers.rfc3986();

        assertThat(rfc.matches("http://example.com/abc", "http://example.com/abc/def")).isTrue();
        assertThat(rfc.matches("http://example.com/abc", "http://example.com/abcdef")).isFalse();
    }

    /** WS-Discovery 1.1, Matching Types and Scopes, rfc3986: "All other components (e.g., query and fragment) are explicitly excluded". */
    @Test
    void rfc3986ComparesNeitherQueryNorFragment() {
        ScopeMatcher rfc = ScopeMatchers.rfc3986();

        assertThat(rfc.matches("http://example.org/sales?region=eu", "http://example.org/sales/eu?region=us")).isTrue();
        assertThat(rfc.matches("http://example.org/sales#top", "http://example.org/sales/eu")).isTrue();
        assertThat(rfc.matches("http://example.org/sales", "http://example.org/sales#bottom")).isTrue();
        assertThat(rfc.matches("urn:example:sales?x", "urn:example:sales?y")).isTrue();
    }

    /** WS-Discovery 1.1, Matching Types and Scopes, rfc3986: scopes are canonicalized (unescaped) first; "." and ".." segments never match. */
    @Test
    void rfc3986UnescapesBeforeComparingAndRefusesDotSegments() {
        ScopeMatcher rfc = ScopeMatchers.rfc3986();

        assertThat(rfc.matches("http://example.org/sales%20eu", "http://example.org/sales eu/north".replace(" ", "%20")))
                .isTrue();
        assertThat(rfc.matches("http://example.org/%73ales", "http://example.org/sales/eu")).isTrue();
        assertThat(rfc.matches("http://example.org/sales/../hr", "http://example.org/sales/../hr/x")).isFalse();
        assertThat(rfc.matches("http://example.org/sales", "http://example.org/sales/./eu")).isFalse();
    }

    /**
     * WS-Discovery 2005/04, Matching Types and Scopes, ldap: same scheme and host:port, and the probe DN's RDN sequence (from
     * the root) a prefix of the target's: {@code o=example} holds {@code ou=sales,o=example}.
     */
    @Test
    void ldapMatchesWhenTheProbesDnIsAnAncestorOfTheTargetsReadFromTheRoot() {
        ScopeMatcher ldap = ScopeMatchers.of(V2005 + "ldap").orElseThrow();

        assertThat(ldap.matches("ldap:///o=example", "ldap:///ou=sales,o=example")).isTrue();
        assertThat(ldap.matches("ldap:///ou=sales,o=example", "ldap:///cn=quotes,ou=sales,o=example")).isTrue();
        assertThat(ldap.matches("ldap:///ou=sales,o=example", "ldap:///ou=sales,o=example")).isTrue();
        assertThat(ldap.matches("ldap:///ou=sales,o=example", "ldap:///o=example")).isFalse();
        assertThat(ldap.matches("ldap:///ou=sales,o=example", "ldap:///ou=hr,o=example")).isFalse();
        assertThat(ldap.matches("ldap:///o=example", "ldap:///ou=sales,o=other")).isFalse();
        assertThat(ldap.matches("ldap:///o=exam", "ldap:///o=example")).as("whole values, not characters").isFalse();
    }

    @Test
    void ldapComparesAttributeTypesIgnoringCaseAndValuesAfterUnescaping() {
        ScopeMatcher ldap = ScopeMatchers.of(V11 + "ldap").orElseThrow();

        assertThat(ldap.matches("LDAP:///O=example", "ldap:///OU=sales,o=example")).isTrue();
        assertThat(ldap.matches("ldap:///o=Example", "ldap:///ou=sales,o=example")).as("values keep their case").isFalse();
        assertThat(ldap.matches("ldap:///o=Acme%5C,%20Inc", "ldap:///ou=sales,o=Acme%5C2C%20Inc"))
                .as("an escaped comma (percent-encoded in the URL) is part of the value").isTrue();
        assertThat(ldap.matches("ldap:///ou=sales+l=eu,o=example", "ldap:///cn=x,l=eu+ou=sales,o=example"))
                .as("a multi-valued RDN is a set").isTrue();
    }

    @Test
    void ldapNeedsTheSameHostAndPortAndIgnoresTheUrlsQuery() {
        ScopeMatcher ldap = ScopeMatchers.of(V2005 + "ldap").orElseThrow();

        assertThat(ldap.matches("ldap://Dir.Example.com:389/o=example", "ldap://dir.example.com:389/ou=sales,o=example"))
                .isTrue();
        assertThat(ldap.matches("ldap://dir.example.com/o=example", "ldap://dir.example.com:389/ou=sales,o=example"))
                .isFalse();
        assertThat(ldap.matches("ldap:///o=example??sub?(cn=*)", "ldap:///ou=sales,o=example?cn")).isTrue();
        assertThat(ldap.matches("ldap:///o=example", "http://example.org/o=example")).isFalse();
        assertThat(ldap.matches("ldap:///o", "ldap:///o=example")).as("an RDN without '=' is malformed").isFalse();
    }

    @Test
    void anUnknownRuleIsNotKnown() {
        assertThat(ScopeMatchers.of(V11 + "soundex")).isEmpty();
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
        assertThat(ProbeMatching.matches(List.of(), List.of("http://example.org/sales"), V11 + "soundex", target)).isFalse();
    }

    @Test
    void noneMatchesOnlyTargetsWithoutScopes() {
        EndpointDescription scoped = new EndpointDescription("urn:uuid:a", List.of(), List.of("http://x/y"), List.of(), 1);
        EndpointDescription unscoped = new EndpointDescription("urn:uuid:b", List.of(), List.of(), List.of(), 1);

        assertThat(ProbeMatching.matches(List.of(), List.of(), V11 + "none", unscoped)).isTrue();
        assertThat(ProbeMatching.matches(List.of(), List.of(), V11 + "none", scoped)).isFalse();
    }
}
