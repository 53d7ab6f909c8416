package org.servicedomain.node.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.engine.events.NodeEvent;
import org.servicedomain.node.engine.events.NodeEvents;

/** The node's own state changes are filed under its name; an action a caller asked for also becomes an event. */
class AuditTrailTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-06T03:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    @Test
    void anInstanceTheNodeEjectsIsFiledUnderTheNodesNameAndCountedButNoSecondEventIsPublished() throws IOException {
        NodeEvents events = new NodeEvents(CLOCK);
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        try (AuditTrail trail = new AuditTrail(AuditFile.open(dir.resolve("audit.log"), AuditConfig.DEFAULT_MAX_BYTES), meters,
                events, CLOCK, "node main")) {
            events.addListener(trail);

            events.publish(NodeEvent.Type.INSTANCE_EJECTED, "StockQuotePortType", "StockQuotePortType-1", "ejected after 5 failures");
            events.publish(NodeEvent.Type.SERVICE_FEATURE_UNAVAILABLE, "StockQuotePortType", null, "no operational instance");
        }

        assertThat(Files.readAllLines(dir.resolve("audit.log"))).singleElement().satisfies(line -> assertThat(line)
                .contains("\"who\":\"node main\"").contains("\"action\":\"INSTANCE_EJECTED\"")
                .contains("\"target\":\"StockQuotePortType-1\"").contains("\"from\":null"));
        assertThat(meters.counter(AuditTrail.COUNTER, "action", "INSTANCE_EJECTED", "outcome", "ok").count()).isEqualTo(1.0);
        assertThat(events.recent().after(0, 10).events()).hasSize(2);
    }

    @Test
    void anActionACallerAskedForIsFiledCountedAndPublishedAsAnAdministrativeActionEvent() throws IOException {
        NodeEvents events = new NodeEvents(CLOCK);
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        try (AuditTrail trail = new AuditTrail(AuditFile.open(dir.resolve("audit.log"), AuditConfig.DEFAULT_MAX_BYTES), meters,
                events, CLOCK, "node main")) {
            events.addListener(trail);

            trail.record("root", "removeUser", "alice", "127.0.0.1", "LastAdministrator", null);
        }

        assertThat(Files.readAllLines(dir.resolve("audit.log"))).singleElement().satisfies(line -> assertThat(line)
                .isEqualTo("{\"time\":\"2026-12-06T03:00:00Z\",\"who\":\"root\",\"action\":\"removeUser\",\"target\":\"alice\","
                        + "\"from\":\"127.0.0.1\",\"outcome\":\"LastAdministrator\",\"detail\":null}"));
        assertThat(meters.counter(AuditTrail.COUNTER, "action", "removeUser", "outcome", "LastAdministrator").count()).isEqualTo(1.0);
        assertThat(events.recent().after(0, 10).events()).singleElement().satisfies(n -> {
            assertThat(n.event().type()).isEqualTo(NodeEvent.Type.ADMINISTRATIVE_ACTION);
            assertThat(n.event().detail()).isEqualTo("root removeUser alice from 127.0.0.1: LastAdministrator");
        });
    }
}
