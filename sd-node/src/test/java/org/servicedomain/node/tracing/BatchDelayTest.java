package org.servicedomain.node.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The time between exported batches follows OpenTelemetry's own setting: the system property, then the variable. */
class BatchDelayTest {

    private static final Map<String, String> NONE = Map.of();

    @Test
    void theSdksFiveSecondsWhenNothingIsSet() {
        assertThat(OtlpTracing.batchDelay(NONE::get, NONE::get)).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void theEnvironmentVariableSetsIt() {
        Map<String, String> environment = Map.of("OTEL_BSP_SCHEDULE_DELAY", "250");

        assertThat(OtlpTracing.batchDelay(NONE::get, environment::get)).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void theSystemPropertyComesBeforeTheVariable() {
        Map<String, String> properties = Map.of("otel.bsp.schedule.delay", "100");
        Map<String, String> environment = Map.of("OTEL_BSP_SCHEDULE_DELAY", "250");

        assertThat(OtlpTracing.batchDelay(properties::get, environment::get)).isEqualTo(Duration.ofMillis(100));
    }

    @Test
    void aValueThatIsNotMillisecondsIsRefusedNamingWhereItCameFrom() {
        Map<String, String> environment = Map.of("OTEL_BSP_SCHEDULE_DELAY", "5s");
        Map<String, String> negative = Map.of("otel.bsp.schedule.delay", "-1");

        assertThatThrownBy(() -> OtlpTracing.batchDelay(NONE::get, environment::get))
                .hasMessageContaining("OTEL_BSP_SCHEDULE_DELAY").hasMessageContaining("5s");
        assertThatThrownBy(() -> OtlpTracing.batchDelay(negative::get, NONE::get))
                .hasMessageContaining("otel.bsp.schedule.delay").hasMessageContaining("-1");
    }
}
