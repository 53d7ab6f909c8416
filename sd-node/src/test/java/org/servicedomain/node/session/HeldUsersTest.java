package org.servicedomain.node.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What both user directories (a file, a cluster's ZooKeeper) do alike, apart from their storage. */
class HeldUsersTest {

    private static final User JOE = new User("joe", "gold", List.of(), Set.of("user"));

    @Test
    void aNewUserNeedsAPasswordAndAChangedOneWithoutAPasswordKeepsTheStoredOne() {
        HeldUsers held = new HeldUsers(Map.of());
        StoredUser stored = held.change(JOE, "s3cret".toCharArray()).over(null);
        User promoted = new User("joe", "platinum", List.of(), Set.of("user"));

        assertThatThrownBy(() -> held.change(JOE, null).over(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("joe");
        StoredUser changed = held.change(promoted, null).over(stored);
        assertThat(changed.user()).isEqualTo(promoted);
        assertThat(changed.password()).isSameAs(stored.password());
        assertThat(held.change(promoted, "n3w".toCharArray()).over(stored).password().matches("n3w".toCharArray())).isTrue();
    }

    @Test
    void aUserIsFoundAndCheckedOnlyOncePublishedAndNoLongerOnceForgotten() {
        HeldUsers held = new HeldUsers(Map.of());
        StoredUser joe = held.change(JOE, "s3cret".toCharArray()).over(null);

        assertThat(held.find("joe")).isEmpty();
        held.publish(joe);
        assertThat(held.find("joe")).contains(JOE);
        assertThat(held.authenticate("joe", "s3cret".toCharArray())).isEqualTo(JOE);
        assertThat(held.list()).containsExactly(JOE);
        held.forget("joe");
        assertThat(held.find("joe")).isEmpty();
        assertThat(held.stored()).isEmpty();
    }
}
