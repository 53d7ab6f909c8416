package org.servicedomain.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleService;

class CommandLineTest {

    @Test
    void providerCommandParsesEveryOption() {
        Command command = CommandLine.parse("provider", "--service", "blast", "--name", "blast-1", "--port", "9100",
                "--delay-ms", "25", "--fail-rate", "0.1", "--soap12", "--databases", "database1, database3");

        assertThat(command).isEqualTo(new Command.RunProvider(ProviderOptions.builder(SampleService.BLAST, "blast-1")
                .port(9100).delayMs(25).failRate(0.1).soap12(true).databases(List.of("database1", "database3")).build()));
    }

    @Test
    void providerCommandAcceptsThePerDatabaseBlastServices() {
        assertThat(CommandLine.parse("provider", "--service", "blast-blue", "--name", "blue-1", "--port", "9101"))
                .isEqualTo(new Command.RunProvider(ProviderOptions.builder(SampleService.BLAST_BLUE, "blue-1")
                        .port(9101).build()));
        assertThat(CommandLine.parse("provider", "--service", "blast-green", "--name", "green-1", "--port", "9102",
                "--soap12")).isEqualTo(new Command.RunProvider(ProviderOptions.builder(SampleService.BLAST_GREEN,
                "green-1").port(9102).soap12(true).build()));
        Command red = CommandLine.parse("provider", "--service", "blast-red", "--name", "red-1", "--port", "9103");
        assertThat(((Command.RunProvider) red).options().service()).isEqualTo(SampleService.BLAST_RED);
        assertThat(((Command.RunProvider) red).options().databases()).containsExactly("database3");
    }

    @Test
    void symbolsOptionListsTheSymbolsOfAStockQuoteProvidersExchangeAndIsAUsageErrorForOtherServices() {
        Command command = CommandLine.parse("provider", "--service", "stockquote", "--name", "nyse", "--port", "9001",
                "--symbols", "IBM, GE");

        assertThat(((Command.RunProvider) command).options().symbols()).containsExactly("IBM", "GE");
        assertThatThrownBy(() -> CommandLine.parse("provider", "--service", "creditcheck", "--name", "c", "--port", "1",
                "--symbols", "IBM")).isInstanceOf(UsageException.class)
                .hasMessage("symbols apply only to the stockquote service but were given for creditcheck");
    }

    @Test
    void databasesOptionIsAUsageErrorForThePerDatabaseBlastServices() {
        assertThatThrownBy(() -> CommandLine.parse("provider", "--service", "blast-blue", "--name", "b", "--port", "1",
                "--databases", "database1")).isInstanceOf(UsageException.class)
                .hasMessage("databases apply only to the blast service but were given for blast-blue");
    }

    @Test
    void gridCommandNeedsTheAddressOfEveryNode() {
        Command command = CommandLine.parse("grid", "--uf", "http://localhost:8080/sd", "--ubc", "http://localhost:8081/sd",
                "--upm", "http://localhost:8082/sd", "--wfs", "http://localhost:8083/sd");

        assertThat(command).isInstanceOf(Command.RunGrid.class);
        assertThat(((Command.RunGrid) command).nodes()).containsOnlyKeys("UF", "UBC", "UPM", "WFS");
        assertThat(((Command.RunGrid) command).basePort()).isEqualTo(9101);
        assertThatThrownBy(() -> CommandLine.parse("grid", "--uf", "http://localhost:8080/sd"))
                .isInstanceOf(UsageException.class).hasMessage("--ubc is required");
        assertThatThrownBy(() -> CommandLine.parse("grid", "--uf", "ftp://x", "--ubc", "http://a", "--upm", "http://a",
                "--wfs", "http://a")).isInstanceOf(UsageException.class).hasMessageContaining("--uf must be an http(s) URL");
    }

    @Test
    void usageNamesEveryService() {
        for (SampleService service : SampleService.values()) {
            assertThat(CommandLine.USAGE).contains(service.path());
        }
    }

    @Test
    void providerCommandNeedsServiceNameAndPort() {
        assertThatThrownBy(() -> CommandLine.parse("provider", "--service", "stockquote", "--name", "q"))
                .isInstanceOf(UsageException.class).hasMessage("--port is required");
        assertThatThrownBy(() -> CommandLine.parse("provider", "--name", "q", "--port", "1"))
                .isInstanceOf(UsageException.class).hasMessage("--service is required");
    }

    @Test
    void invalidValuesAreUsageErrors() {
        assertThatThrownBy(() -> CommandLine.parse("provider", "--service", "weather", "--name", "q", "--port", "1"))
                .isInstanceOf(UsageException.class).hasMessageContaining("weather");
        assertThatThrownBy(() -> CommandLine.parse("provider", "--service", "stockquote", "--name", "q", "--port", "x"))
                .isInstanceOf(UsageException.class).hasMessage("--port must be an integer but was x");
        assertThatThrownBy(() -> CommandLine.parse("provider", "--service", "stockquote", "--name", "q", "--port", "1",
                "--fail-rate", "2")).isInstanceOf(UsageException.class).hasMessageContaining("but was 2.0");
    }

    @Test
    void unknownCommandsOptionsAndMissingValuesAreUsageErrors() {
        assertThatThrownBy(CommandLine::parse).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> CommandLine.parse("serve")).isInstanceOf(UsageException.class).hasMessage("unknown command serve");
        assertThatThrownBy(() -> CommandLine.parse("demo", "--verbose")).isInstanceOf(UsageException.class)
                .hasMessage("unknown option --verbose");
        assertThatThrownBy(() -> CommandLine.parse("demo", "--node")).isInstanceOf(UsageException.class)
                .hasMessage("--node needs a value");
    }

    @Test
    void demoCommandDefaultsToTheLocalNodeAndPort9001() {
        assertThat(CommandLine.parse("demo")).isEqualTo(new Command.RunDemo(URI.create("http://localhost:8080/sd"), 9001));
        assertThat(CommandLine.parse("demo", "--node", "http://node:9090/sd", "--base-port", "9500"))
                .isEqualTo(new Command.RunDemo(URI.create("http://node:9090/sd"), 9500));
    }

    @Test
    void demoNodeMustBeAnHttpUrl() {
        assertThatThrownBy(() -> CommandLine.parse("demo", "--node", "ftp://node/sd"))
                .isInstanceOf(UsageException.class).hasMessageContaining("http");
    }
}
