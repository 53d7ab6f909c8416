package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class LeastLoadedPlacementTest {

    private static final Member SELF = member("node-0000000a", 0.9);

    @Test
    void placesAtTheLeastLoadedOtherMemberWhenItIsLowerByMoreThanTheMargin() {
        Member target = LeastLoadedPlacement.target(List.of(SELF, member("node-0000000b", 0.5), member("node-0000000c", 0.2)),
                SELF.id(), 0.9, 0.25);

        assertThat(target.id()).isEqualTo("node-0000000c");
    }

    @Test
    void keepsTheSessionHereWhenNoMemberIsLowerByMoreThanTheMargin() {
        assertThat(LeastLoadedPlacement.target(List.of(SELF, member("node-0000000b", 0.65)), SELF.id(), 0.9, 0.25)).isNull();
        assertThat(LeastLoadedPlacement.target(List.of(SELF), SELF.id(), 0.9, 0.0)).as("alone").isNull();
    }

    @Test
    void neverPlacesAtItselfEvenWhenItsOwnPublishedIndexIsLowest() {
        Member staleSelf = member("node-0000000a", 0.0);

        Member target = LeastLoadedPlacement.target(List.of(staleSelf, member("node-0000000b", 0.3)), SELF.id(), 0.9, 0.25);

        assertThat(target.id()).isEqualTo("node-0000000b");
    }

    private static Member member(String id, double load) {
        return new Member(id, URI.create("http://127.0.0.1:1/sd/services/home"), load);
    }
}
