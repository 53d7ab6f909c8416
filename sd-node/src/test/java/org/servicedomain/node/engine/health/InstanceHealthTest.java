package org.servicedomain.node.engine.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.registration;
import static org.servicedomain.node.TestInstances.wsdlSource;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.engine.events.NodeEvent;
import org.servicedomain.node.engine.events.NodeEvents;
import org.servicedomain.node.policy.HealthRule;
import org.servicedomain.node.session.TestClock;

class InstanceHealthTest {

    private static final HealthRule RULE = new HealthRule(3, Duration.ofMillis(20), Duration.ofMillis(80));

    @TempDir
    Path dataDir;

    private final AtomicBoolean probePasses = new AtomicBoolean();
    private final AtomicInteger probes = new AtomicInteger();
    private final List<NodeEvent> heard = new CopyOnWriteArrayList<>();
    private InstanceHealth health;
    private Instance instance;
    private Catalog catalog;

    @BeforeEach
    void oneInstance() throws IOException {
        catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        instance = catalog.register(registration(SOAP11_WSDL, "http://flaky.example/quotes")).get(0).instance();
        NodeEvents events = new NodeEvents(Clock.systemUTC());
        events.addListener(heard::add);
        health = new InstanceHealth(catalog, port -> RULE, i -> {
            probes.incrementAndGet();
            return probePasses.get();
        }, events);
    }

    @AfterEach
    void stop() {
        health.close();
    }

    @Test
    void anInstanceIsEjectedOnlyAfterTheRulesNumberOfFailuresInARow() {
        fail(2);
        assertThat(health.isEjected(instance.id())).isFalse();
        fail(1);
        assertThat(health.isEjected(instance.id())).isTrue();
        assertThat(heard).extracting(NodeEvent::type).containsExactly(NodeEvent.Type.INSTANCE_EJECTED);
        assertThat(heard.get(0).instanceId()).isEqualTo(instance.id());
    }

    @Test
    void anAnswerInBetweenStartsTheCountAgain() {
        fail(2);
        health.dispatched(null, instance, 1_000);
        fail(2);
        assertThat(health.isEjected(instance.id())).isFalse();
    }

    @Test
    void anEjectedInstanceIsProbedWithBackoffAndReturnsWhenAProbePasses() {
        fail(3);
        await().atMost(Duration.ofSeconds(5)).until(() -> probes.get() >= 3);
        assertThat(health.isEjected(instance.id())).isTrue();

        probePasses.set(true);

        await().atMost(Duration.ofSeconds(5)).until(() -> !health.isEjected(instance.id()));
        assertThat(heard).extracting(NodeEvent::type)
                .containsExactly(NodeEvent.Type.INSTANCE_EJECTED, NodeEvent.Type.INSTANCE_BACK);
        fail(2);
        assertThat(health.isEjected(instance.id())).as("the count starts again after a return").isFalse();
    }

    @Test
    void aLargeEnoughShareOfFailuresOverTheWindowEjectsAnInstanceThatNeverFailsManyTimesInARow() {
        HealthRule byRatio = new HealthRule(1000, Duration.ofMillis(20), Duration.ofMillis(80), 0.5, 10, null);
        TestClock clock = new TestClock();
        try (InstanceHealth ratioHealth = new InstanceHealth(catalog, port -> byRatio, i -> probePasses.get(),
                new NodeEvents(clock), Duration.ofSeconds(60), clock)) {
            for (int i = 0; i < 4; i++) {
                ratioHealth.dispatched(null, instance, 1_000);
                failOn(ratioHealth, 1);
            }
            assertThat(ratioHealth.isEjected(instance.id())).as("8 dispatches are fewer than minRequests").isFalse();

            clock.advance(Duration.ofSeconds(61));
            ratioHealth.dispatched(null, instance, 1_000);
            failOn(ratioHealth, 1);
            ratioHealth.dispatched(null, instance, 1_000);
            assertThat(ratioHealth.isEjected(instance.id())).as("the old dispatches left the window").isFalse();

            for (int i = 0; i < 4; i++) {
                ratioHealth.dispatched(null, instance, 1_000);
                failOn(ratioHealth, 1);
            }
            assertThat(ratioHealth.isEjected(instance.id())).as("5 failures in 11 dispatches").isFalse();
            failOn(ratioHealth, 1);
            assertThat(ratioHealth.isEjected(instance.id())).as("6 failures in 12 dispatches").isTrue();

            probePasses.set(true);
            await().atMost(Duration.ofSeconds(5)).until(() -> !ratioHealth.isEjected(instance.id()));
            failOn(ratioHealth, 1);
            assertThat(ratioHealth.isEjected(instance.id())).as("a returned instance starts with a clean window").isFalse();
        }
    }

    private void fail(int times) {
        failOn(health, times);
    }

    private void failOn(InstanceHealth target, int times) {
        for (int i = 0; i < times; i++) {
            target.dispatchFailed(null, instance, 1_000,
                    new DispatchException(DispatchException.Kind.CONNECTION, "refused", null));
        }
    }

}
