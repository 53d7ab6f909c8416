package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SessionIdsTest {

    private static final String ID = "node-0000000a:" + "s".repeat(43);
    private final SessionIds ids = new SessionIds(new ClusterCredential("sd-members", "members-password-1234"));

    @Test
    void aSealedIdOpensUnderItsOwnNameAndShowsNothingOfTheId() {
        String sealed = ids.seal(ID);

        assertThat(sealed).doesNotContain("sssssss").isNotEqualTo(ids.seal(ID));
        assertThat(ids.open(SessionIds.znodeName(ID), sealed)).isEqualTo(ID);
    }

    @Test
    void refusesAnEntryUnderAnotherSessionsNameOrOfAnotherCredentialOrUnsealed() {
        String sealed = ids.seal(ID);
        SessionIds others = new SessionIds(new ClusterCredential("sd-members", "another-password-1234"));

        assertThatThrownBy(() -> ids.open(SessionIds.znodeName("node-0000000a:other"), sealed))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> others.open(SessionIds.znodeName(ID), sealed)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ids.open(SessionIds.znodeName(ID), ID)).isInstanceOf(IllegalArgumentException.class);
    }
}
