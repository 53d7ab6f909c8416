package org.servicedomain.node.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.servicedomain.node.discovery.DiscoveryConfig;
import org.servicedomain.node.discovery.DiscoveryMode;

class DiscoveryOptionsTest {

    @Test
    void discoveryIsOffUnlessAsked() {
        DiscoveryConfig discovery = LauncherOptions.parse(new String[] {"--port", "9090"}).discovery();

        assertThat(discovery.mode()).isEqualTo(DiscoveryMode.OFF);
        assertThat(discovery.port()).isEqualTo(DiscoveryConfig.STANDARD_PORT);
    }

    @Test
    void modeInterfacePortAndScopesReachTheDiscoveryConfig() {
        DiscoveryConfig discovery = LauncherOptions.parse(new String[] {"--discovery", "managed", "--discovery-interface",
                "lo", "--discovery-port", "3703", "--discovery-scopes", "http://example.org/sd/sales, urn:x:y"}).discovery();

        assertThat(discovery.mode()).isEqualTo(DiscoveryMode.MANAGED);
        assertThat(discovery.interfaceName()).isEqualTo("lo");
        assertThat(discovery.port()).isEqualTo(3703);
        assertThat(discovery.scopes()).containsExactly("http://example.org/sd/sales", "urn:x:y");
        assertThat(discovery.group().getHostAddress()).isEqualTo(DiscoveryConfig.STANDARD_GROUP);
        assertThat(discovery.ttl()).isEqualTo(1);
    }

    @Test
    void badValuesAreRefusedWithWhatWasExpected() {
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery", "sometimes"}))
                .hasMessageContaining("adhoc, managed or off");
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery-port", "70000"}))
                .hasMessageContaining("between 1 and 65535");
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery-scopes", "relative/scope"}))
                .hasMessageContaining("absolute");
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery-nonsense", "x"}))
                .hasMessageContaining("unknown option");
    }

    @Test
    void theBoundsOnAnswersReachTheDiscoveryLimits() {
        DiscoveryConfig discovery = LauncherOptions.parse(new String[] {"--discovery-max-answer-bytes", "1472",
                "--discovery-answers-per-second", "3", "--discovery-answer-repeats", "1"}).discovery();

        assertThat(discovery.limits().maxAnswerBytes()).isEqualTo(1472);
        assertThat(discovery.limits().answersPerSecond()).isEqualTo(3);
        assertThat(discovery.limits().answerRepeats()).isEqualTo(1);
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery-max-answer-bytes", "100"}))
                .hasMessageContaining("between 512 and 65507 but was 100");
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery-answers-per-second", "many"}))
                .hasMessageContaining("needs a number");
    }
}
