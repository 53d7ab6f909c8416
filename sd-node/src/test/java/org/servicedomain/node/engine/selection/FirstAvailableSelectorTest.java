package org.servicedomain.node.engine.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.instances;
import static org.servicedomain.node.TestInstances.request;

import org.junit.jupiter.api.Test;

class FirstAvailableSelectorTest {

    private final FirstAvailableSelector selector = new FirstAvailableSelector();

    @Test
    void alwaysTakesTheFirstCandidate() {
        for (int i = 0; i < 5; i++) {
            assertThat(selector.select(instances("primary", "backup1", "backup2"), request()).id())
                    .isEqualTo("primary");
        }
    }

    @Test
    void takesTheNextBackupOnceThePrimaryIsNoLongerACandidate() {
        assertThat(selector.select(instances("backup1", "backup2"), request()).id()).isEqualTo("backup1");
    }
}
