package org.servicedomain.node.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FixedChoiceStoreTest {

    private final FixedChoiceStore store = new FixedChoiceStore(10);

    @Test
    void aRestoredStoreHoldsEveryChoiceOfTheSnapshot() throws IOException {
        store.choose("ann", "StockQuotePortType", "quote-b");
        store.choose("ann", "BlastPortType", "blast-1");
        store.choose("bob", "StockQuotePortType", "quote-a");

        FixedChoiceStore restored = new FixedChoiceStore(10);
        restored.restore(store.snapshot());

        assertThat(restored.chosen("ann", "StockQuotePortType")).containsExactly("quote-b");
        assertThat(restored.chosen("ann", "BlastPortType")).containsExactly("blast-1");
        assertThat(restored.chosen("bob", "StockQuotePortType")).containsExactly("quote-a");
        assertThat(restored.snapshot()).as("the same choices give the same bytes").isEqualTo(store.snapshot());
    }

    @Test
    void aRestoredStoreKeepsEachUsersChoicesInTheirOrder() throws IOException {
        store.choose("ann", "BlastPortType", "blue-a");
        store.choose("ann", "BlastPortType", "green-c");

        FixedChoiceStore restored = new FixedChoiceStore(10);
        restored.restore(store.snapshot());

        assertThat(restored.chosen("ann", "BlastPortType")).containsExactly("green-c", "blue-a");
        assertThat(new String(store.snapshot(), StandardCharsets.UTF_8)).startsWith("{\"version\":2,")
                .contains("\"instances\":[\"green-c\",\"blue-a\"]");
    }

    @Test
    void loadsAVersion1FileWithOneInstancePerChoice() throws IOException {
        store.restore("""
                {"version":1,"choices":[{"user":"ann","virtualPort":"P","instance":"i1"},
                                        {"user":"bob","virtualPort":"P","instance":"i2"}]}"""
                .getBytes(StandardCharsets.UTF_8));

        assertThat(store.chosen("ann", "P")).containsExactly("i1");
        assertThat(store.chosen("bob", "P")).containsExactly("i2");
    }

    @Test
    void aNewChoiceGoesFirstAndTheOldestBeyondTheBoundIsDropped() {
        for (String id : List.of("i1", "i2", "i3", "i4", "i5")) {
            store.choose("ann", "P", id);
        }
        store.choose("ann", "P", "i3");

        assertThat(store.chosen("ann", "P")).containsExactly("i3", "i5", "i4", "i2").hasSize(FixedChoices.MAX_PER_PORT);
        assertThat(store.size()).isEqualTo(1);
    }

    @Test
    void choosingTheFirstChoiceAgainChangesNothing() throws IOException {
        store.choose("ann", "P", "i1");
        store.choose("ann", "P", "i2");
        byte[] before = store.snapshot();

        store.choose("ann", "P", "i2");

        assertThat(store.snapshot()).isEqualTo(before);
    }

    @Test
    void forgetsTheChoicesOfAUserAnInstanceOrAPortThatWent() {
        store.choose("ann", "P", "i1");
        store.choose("bob", "P", "i2");
        store.choose("cy", "Q", "i3");
        store.choose("dee", "P", "i4");

        store.forgetUser("ann");
        store.forgetInstance("i2");
        store.forgetPort("Q");

        assertThat(store.chosen("ann", "P")).isEmpty();
        assertThat(store.chosen("bob", "P")).isEmpty();
        assertThat(store.chosen("cy", "Q")).isEmpty();
        assertThat(store.chosen("dee", "P")).containsExactly("i4");
        assertThat(store.size()).isEqualTo(1);
    }

    @Test
    void anInstanceThatWentLeavesTheUsersOtherChoicesInOrder() {
        store.choose("ann", "P", "i1");
        store.choose("ann", "P", "i2");
        store.choose("ann", "P", "i3");

        store.forgetInstance("i2");

        assertThat(store.chosen("ann", "P")).containsExactly("i3", "i1");
    }

    @Test
    void keepsOnlyChoicesOfInstancesStillCataloged() {
        store.choose("ann", "P", "gone");
        store.choose("bob", "P", "kept");

        store.retainInstances(Set.of("kept"));

        assertThat(store.chosen("ann", "P")).isEmpty();
        assertThat(store.chosen("bob", "P")).containsExactly("kept");
    }

    @Test
    void whenFullRefusesNewPairsAndKeepsTheUsersAlreadyPinned() {
        FixedChoiceStore small = new FixedChoiceStore(3);
        for (int i = 0; i < 10; i++) {
            small.choose("user-" + i, "P", "i");
        }
        small.choose("user-0", "P", "j");

        assertThat(small.size()).isEqualTo(3);
        assertThat(small.chosen("user-9", "P")).as("a new pair is refused when full").isEmpty();
        assertThat(small.chosen("user-0", "P")).as("a pinned user still moves").containsExactly("j", "i");
        assertThat(small.chosen("user-2", "P")).containsExactly("i");

        small.forgetUser("user-1");
        small.choose("user-9", "P", "i");

        assertThat(small.chosen("user-9", "P")).as("room again once a pair went").containsExactly("i");
    }

    @Test
    void restoresNoMoreThanItsLimit() throws IOException {
        for (int i = 0; i < 10; i++) {
            store.choose("user-" + i, "P", "i");
        }
        FixedChoiceStore small = new FixedChoiceStore(4);

        small.restore(store.snapshot());

        assertThat(small.size()).isEqualTo(4);
    }

    @Test
    void refusesACorruptSnapshotAndStaysAsItWas() {
        store.choose("ann", "P", "i1");

        assertThatThrownBy(() -> store.restore("{\"version\":1,\"choices\":[{\"user\":\"bob\"}]}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class);
        assertThatThrownBy(() -> store.restore("not json".getBytes(StandardCharsets.UTF_8))).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> store.restore("{\"version\":2,\"choices\":[{\"user\":\"bob\",\"virtualPort\":\"P\",\"instances\":[]}]}"
                .getBytes(StandardCharsets.UTF_8))).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> store.restore("{\"version\":7,\"choices\":[]}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class);

        assertThat(store.size()).isEqualTo(1);
        assertThat(store.chosen("bob", "P")).isEmpty();
    }
}
