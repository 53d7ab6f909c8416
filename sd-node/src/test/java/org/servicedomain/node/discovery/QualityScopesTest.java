package org.servicedomain.node.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.servicedomain.client.discovery.Target;

class QualityScopesTest {

    @Test
    void roundsLoadToATenthAndP95UpToTheNextOneTwoFiveStep() {
        assertThat(QualityScopes.of(0.26, 13)).containsExactly("urn:sd:qos:load:0.3", "urn:sd:qos:p95ms:20");
        assertThat(QualityScopes.of(0, 0)).containsExactly("urn:sd:qos:load:0.0", "urn:sd:qos:p95ms:0");
        assertThat(QualityScopes.step(1)).isEqualTo(1);
        assertThat(QualityScopes.step(3)).isEqualTo(5);
        assertThat(QualityScopes.step(51)).isEqualTo(100);
        assertThat(QualityScopes.step(101)).isEqualTo(200);
    }

    @Test
    void theClientDriverReadsTheFiguresBackFromTheScopes() {
        Target announced = new Target("urn:uuid:port", List.of(), QualityScopes.of(1.5, 180), List.of(), 1);

        assertThat(announced.load()).hasValue(1.5);
        assertThat(announced.p95Ms()).hasValue(200);
        assertThat(new Target("urn:uuid:port", List.of(), List.of("http://example.org/x"), List.of(), 1).load()).isEmpty();
    }
}
