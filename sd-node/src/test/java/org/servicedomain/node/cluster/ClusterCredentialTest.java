package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClusterCredentialTest {

    @Test
    void isReadAsUserColonPasswordAndNeverShowsThePassword() {
        ClusterCredential credential = ClusterCredential.parse("sd-members:a:password-with-colons");

        assertThat(credential.user()).isEqualTo("sd-members");
        assertThat(credential.password()).isEqualTo("a:password-with-colons");
        assertThat(credential.toString()).doesNotContain("password-with-colons");
        assertThat(new ClusterConfig("zk:2181", "c", credential).toString()).doesNotContain("password-with-colons");
    }

    @Test
    void refusesAShortPasswordOrNoUserWithoutEchoingTheValue() {
        assertThatThrownBy(() -> ClusterCredential.parse("sd-members:short-pw"))
                .isInstanceOf(IllegalArgumentException.class).message().doesNotContain("short-pw");
        assertThatThrownBy(() -> ClusterCredential.parse("no-colon-at-all-in-this-value"))
                .isInstanceOf(IllegalArgumentException.class).message().doesNotContain("no-colon-at-all");
    }
}
