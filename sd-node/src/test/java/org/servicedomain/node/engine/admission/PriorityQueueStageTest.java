package org.servicedomain.node.engine.admission;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.Arrived;
import org.servicedomain.node.core.Deadline;
import org.servicedomain.node.core.RequestContext;

/** A class's deadline bounds the whole call and is counted from the request's arrival. */
class PriorityQueueStageTest {

    private static final long CLASS_TIMEOUT = TimeUnit.SECONDS.toNanos(2);

    @Test
    void theClassDeadlineCountsFromTheRequestsArrivalNotFromWhenItReachesTheQueue() {
        long arrived = System.nanoTime() - TimeUnit.SECONDS.toNanos(1); // its body took a second to arrive
        RequestContext request = TestInstances.request().withTag(Arrived.class, new Arrived(arrived));

        RequestContext bounded = PriorityQueueStage.withClassDeadline(request, CLASS_TIMEOUT);

        assertThat(bounded.deadline().nanoTime()).isEqualTo(arrived + CLASS_TIMEOUT);
    }

    @Test
    void aClientsEarlierDeadlineStands() {
        long arrived = System.nanoTime();
        Deadline clients = new Deadline(arrived + TimeUnit.MILLISECONDS.toNanos(500));
        RequestContext request = TestInstances.request().withTag(Arrived.class, new Arrived(arrived))
                .withTerms(clients, false);

        assertThat(PriorityQueueStage.withClassDeadline(request, CLASS_TIMEOUT).deadline()).isEqualTo(clients);
    }

    @Test
    void aClientsLaterDeadlineIsCutToTheClasses() {
        long arrived = System.nanoTime();
        RequestContext request = TestInstances.request().withTag(Arrived.class, new Arrived(arrived))
                .withTerms(new Deadline(arrived + TimeUnit.SECONDS.toNanos(60)), true);

        RequestContext bounded = PriorityQueueStage.withClassDeadline(request, CLASS_TIMEOUT);

        assertThat(bounded.deadline().nanoTime()).isEqualTo(arrived + CLASS_TIMEOUT);
        assertThat(bounded.offloaded()).isTrue();
    }
}
