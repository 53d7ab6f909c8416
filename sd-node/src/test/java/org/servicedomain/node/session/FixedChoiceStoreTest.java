package org.servicedomain.node.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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

        assertThat(restored.chosen("ann", "StockQuotePortType")).isEqualTo("quote-b");
        assertThat(restored.chosen("ann", "BlastPortType")).isEqualTo("blast-1");
        assertThat(restored.chosen("bob", "StockQuotePortType")).isEqualTo("quote-a");
        assertThat(restored.snapshot()).as("the same choices give the same bytes").isEqualTo(store.snapshot());
    }

    @Test
    void aNewChoiceReplacesTheUsersOldOneOnThatPort() {
        store.choose("ann", "StockQuotePortType", "quote-b");
        store.choose("ann", "StockQuotePortType", "quote-c");

        assertThat(store.chosen("ann", "StockQuotePortType")).isEqualTo("quote-c");
        assertThat(store.size()).isEqualTo(1);
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

        assertThat(store.chosen("ann", "P")).isNull();
        assertThat(store.chosen("bob", "P")).isNull();
        assertThat(store.chosen("cy", "Q")).isNull();
        assertThat(store.chosen("dee", "P")).isEqualTo("i4");
    }

    @Test
    void keepsOnlyChoicesOfInstancesStillCataloged() {
        store.choose("ann", "P", "gone");
        store.choose("bob", "P", "kept");

        store.retainInstances(Set.of("kept"));

        assertThat(store.chosen("ann", "P")).isNull();
        assertThat(store.chosen("bob", "P")).isEqualTo("kept");
    }

    @Test
    void neverHoldsMoreThanItsLimit() {
        FixedChoiceStore small = new FixedChoiceStore(3);
        for (int i = 0; i < 10; i++) {
            small.choose("user-" + i, "P", "i");
        }

        assertThat(small.size()).isEqualTo(3);
        assertThat(small.chosen("user-9", "P")).as("the newest choice is kept").isEqualTo("i");
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
        assertThatThrownBy(() -> store.restore("{\"version\":7,\"choices\":[]}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class);

        assertThat(store.size()).isEqualTo(1);
        assertThat(store.chosen("bob", "P")).isNull();
    }
}
