package org.servicedomain.samples.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.servicedomain.samples.blast.BlastDatabases;

class ProviderOptionsTest {

    @Test
    void defaultsAreAnEphemeralSoap11ProviderWithoutFaults() {
        ProviderOptions options = ProviderOptions.of(SampleService.STOCKQUOTE, "q");

        assertThat(options.port()).isZero();
        assertThat(options.soap12()).isFalse();
        assertThat(options.delayMs()).isZero();
        assertThat(options.failRate()).isZero();
        assertThat(options.databases()).isEmpty();
        assertThat(options.symbols()).isEmpty();
    }

    @Test
    void blastProviderHoldsEveryDatabaseWhenNoneAreNamed() {
        assertThat(ProviderOptions.of(SampleService.BLAST, "b").databases()).isEqualTo(BlastDatabases.ALL);
    }

    @Test
    void failRateAboveOneIsRejectedNamingTheValue() {
        assertThatThrownBy(() -> ProviderOptions.builder(SampleService.STOCKQUOTE, "q").failRate(1.5).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("failRate must be between 0 and 1 but was 1.5");
    }

    @Test
    void negativeDelayAndOutOfRangePortAreRejected() {
        assertThatThrownBy(() -> ProviderOptions.builder(SampleService.STOCKQUOTE, "q").delayMs(-1).build())
                .hasMessage("delayMs must not be negative but was -1");
        assertThatThrownBy(() -> ProviderOptions.builder(SampleService.STOCKQUOTE, "q").port(70_000).build())
                .hasMessage("port must be between 0 and 65535 but was 70000");
    }

    @Test
    void blankNameIsRejected() {
        assertThatThrownBy(() -> ProviderOptions.of(SampleService.STOCKQUOTE, " "))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("name");
    }

    @Test
    void databasesAreRejectedForServicesOtherThanBlast() {
        assertThatThrownBy(() -> ProviderOptions.builder(SampleService.CREDITCHECK, "c")
                .databases(List.of("database1")).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("blast");
    }

    @Test
    void symbolsAreRejectedForServicesOtherThanStockQuoteAndWhenBlank() {
        assertThatThrownBy(() -> ProviderOptions.builder(SampleService.BLAST, "b").symbols(List.of("IBM")).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stockquote");
        assertThatThrownBy(() -> ProviderOptions.builder(SampleService.STOCKQUOTE, "q").symbols(List.of("IBM", " ")).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("blank");
    }

    @Test
    void toBuilderRoundTrips() {
        ProviderOptions options = ProviderOptions.builder(SampleService.BLAST, "b").port(9005).soap12(true)
                .delayMs(20).failRate(0.25).databases(List.of("database2")).build();

        assertThat(options.toBuilder().build()).isEqualTo(options);
        ProviderOptions exchange = ProviderOptions.builder(SampleService.STOCKQUOTE, "nyse").symbols(List.of("IBM")).build();
        assertThat(exchange.toBuilder().build()).isEqualTo(exchange);
    }

    @Test
    void serviceIsFoundByItsCommandLineWordAndUnknownWordsNameTheValidOnes() {
        assertThat(SampleService.fromName("creditcheck")).isEqualTo(SampleService.CREDITCHECK);
        assertThat(SampleService.fromName("BLAST")).isEqualTo(SampleService.BLAST);
        assertThatThrownBy(() -> SampleService.fromName("weather"))
                .hasMessage("service must be one of stockquote, other-quotes, creditcheck, blast, blast-blue, blast-green, blast-red,"
                        + " online-trading, personal-loans, investment-banking, commodity-trading, backout but was weather");
    }

    @Test
    void perDatabaseBlastServicesAreFoundByTheirWordsWhichAreAlsoTheirPaths() {
        assertThat(SampleService.fromName("blast-blue")).isEqualTo(SampleService.BLAST_BLUE);
        assertThat(SampleService.fromName("Blast-Green")).isEqualTo(SampleService.BLAST_GREEN);
        assertThat(SampleService.fromName("blast-red")).isEqualTo(SampleService.BLAST_RED);
        assertThat(SampleService.BLAST_RED.path()).isEqualTo("blast-red");
    }

    @Test
    void perDatabaseBlastProviderHoldsExactlyItsOwnDatabase() {
        assertThat(ProviderOptions.of(SampleService.BLAST_BLUE, "b").databases()).containsExactly("database1");
        assertThat(ProviderOptions.of(SampleService.BLAST_GREEN, "g").databases()).containsExactly("database2");
        assertThat(ProviderOptions.of(SampleService.BLAST_RED, "r").databases()).containsExactly("database3");
    }

    @Test
    void databasesAreRejectedForPerDatabaseBlastServicesEvenTheirOwn() {
        assertThatThrownBy(() -> ProviderOptions.builder(SampleService.BLAST_BLUE, "b")
                .databases(List.of("database1")).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("databases apply only to the blast service but were given for blast-blue");
        assertThatThrownBy(() -> ProviderOptions.builder(SampleService.BLAST_RED, "r")
                .databases(List.of("database1", "database2")).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("blast-red");
    }

    @Test
    void perDatabaseBlastOptionsRoundTripThroughTheirBuilder() {
        ProviderOptions options = ProviderOptions.builder(SampleService.BLAST_GREEN, "g").port(9006).soap12(true)
                .delayMs(5).failRate(0.5).build();

        assertThat(options.toBuilder().build()).isEqualTo(options);
    }
}
