package org.servicedomain.node.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Caller;

class UserTest {

    @Test
    void acceptsNamesUpToSixtyFourCharacters() {
        User user = new User("ü".repeat(64), "platinum", List.of("bank A"), Set.of("user"));

        assertThat(user.caller("s1")).isEqualTo(new Caller(
                "s1", "ü".repeat(64), "platinum", List.of("bank A")));
    }

    @Test
    void refusesMalformedNamesLevelsProvidersAndRoles() {
        assertThatThrownBy(() -> user("x".repeat(65), "trial")).hasMessageContaining("at most 64");
        assertThatThrownBy(() -> user("", "trial")).hasMessageContaining("user name is required");
        assertThatThrownBy(() -> user("joe\n", "trial")).hasMessageContaining("control characters");
        assertThatThrownBy(() -> user(" joe", "trial")).hasMessageContaining("blanks");
        assertThatThrownBy(() -> user("joe", null)).hasMessageContaining("user level is required");
        assertThatThrownBy(() -> new User("joe", "trial", List.of("a\tb"), Set.of()))
                .hasMessageContaining("designated provider");
        assertThatThrownBy(() -> new User("joe", "trial", List.of(), Set.of("")))
                .hasMessageContaining("role is required");
    }

    @Test
    void refusesANameThatWouldPassForAParentNodesAdministrator() {
        assertThatThrownBy(() -> user("parent:alice", "staff")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must not begin with 'parent:'");
        assertThatThrownBy(() -> user("Parent:alice", "staff")).hasMessageContaining("'parent:'");
        assertThat(user("parents:alice", "staff").name()).isEqualTo("parents:alice");
        assertThat(user("alice:parent:", "staff").name()).isEqualTo("alice:parent:");
    }

    private static User user(String name, String level) {
        return new User(name, level, List.of(), Set.of());
    }
}
