package org.servicedomain.node.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What both user directories (a file, a cluster's ZooKeeper) do alike, apart from their storage. */
class HeldUserDirectoryTest {

    private static final User JOE = new User("joe", "gold", List.of(), Set.of("user"));
    private static final User PROMOTED_JOE = new User("joe", "platinum", List.of(), Set.of("user"));

    /** A storage that stores nothing but what it is handed, and can be told to hold back a change. */
    private static final class Memory extends HeldUserDirectory {
        boolean storing = true;

        Memory() {
            super(Map.of());
        }

        @Override
        protected void store(Change change) {
            StoredUser next = change.over(stored().get(change.user().name()));
            if (storing) {
                publish(next);
            }
        }

        @Override
        public boolean remove(String name) {
            boolean held = stored().containsKey(name);
            forget(name);
            return held;
        }
    }

    @Test
    void aNewUserNeedsAPasswordAndAChangedOneWithoutAPasswordKeepsTheStoredOne() {
        Memory users = new Memory();

        assertThatThrownBy(() -> users.put(JOE, null)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("joe");
        users.put(JOE, "s3cret".toCharArray());
        users.put(PROMOTED_JOE, null);

        assertThat(users.authenticate("joe", "s3cret".toCharArray())).isEqualTo(PROMOTED_JOE);
        users.put(PROMOTED_JOE, "n3w".toCharArray());
        assertThat(users.authenticate("joe", "n3w".toCharArray())).isEqualTo(PROMOTED_JOE);
    }

    @Test
    void aChangeIsSeenOnlyOnceItsStoragePublishedItAndAUserNoLongerOnceForgotten() {
        Memory users = new Memory();
        users.storing = false;
        users.put(JOE, "s3cret".toCharArray());
        assertThat(users.find("joe")).isEmpty();

        users.storing = true;
        users.put(JOE, "s3cret".toCharArray());
        assertThat(users.find("joe")).contains(JOE);
        assertThat(users.list()).containsExactly(JOE);

        assertThat(users.remove("joe")).isTrue();
        assertThat(users.find("joe")).isEmpty();
        assertThat(users.list()).isEmpty();
    }
}
