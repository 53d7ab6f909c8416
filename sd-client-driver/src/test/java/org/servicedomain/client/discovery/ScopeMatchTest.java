package org.servicedomain.client.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The WS-Discovery 1.1 RFC 3986 rule a client applies to the targets it hears in Hellos. */
class ScopeMatchTest {

    @Test
    void schemeAndAuthorityIgnoreCaseAndPathSegmentsArePrefixes() {
        assertThat(ScopeMatch.matches("http://example.com/abc", "HTTP://Example.COM/abc/def")).isTrue();
        assertThat(ScopeMatch.matches("http://example.com/abc", "http://example.com/abcdef")).isFalse();
        assertThat(ScopeMatch.matches("http://example.com/ABC", "http://example.com/abc")).isFalse();
        assertThat(ScopeMatch.matches("http://example.com/abc/def", "http://example.com/abc")).isFalse();
        assertThat(ScopeMatch.matches("http://example.com", "http://example.com/abc")).isTrue();
    }

    @Test
    void everyScopeAskedForMustMatchOneOffered() {
        List<String> offered = List.of("http://example.com/sales/east", "urn:sd:virtual-port");

        assertThat(ScopeMatch.all(List.of(), offered)).isTrue();
        assertThat(ScopeMatch.all(List.of("http://example.com/sales", "urn:sd:virtual-port"), offered)).isTrue();
        assertThat(ScopeMatch.all(List.of("http://example.com/sales", "http://example.com/hr"), offered)).isFalse();
    }
}
