package org.servicedomain.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;
import org.servicedomain.client.discovery.DiscoveryNetwork;
import org.servicedomain.samples.provider.ProviderAnnouncement;

class AnnounceCommandLineTest {

    @Test
    void aProviderAnnouncesOnlyWhenAsked() {
        Command.RunProvider plain = (Command.RunProvider) CommandLine.parse("provider", "--service", "stockquote",
                "--name", "q", "--port", "9001");

        assertThat(plain.announcement()).isNull();
    }

    @Test
    void announceOptionsReachTheAnnouncement() {
        Command.RunProvider announced = (Command.RunProvider) CommandLine.parse("provider", "--service", "stockquote",
                "--name", "q", "--port", "9001", "--announce", "--announce-interface", "lo", "--announce-port", "3799",
                "--announce-proxy", "http://localhost:8080/sd/services/discovery", "--announce-scopes",
                "http://example.org/sd/sales,urn:sd:wsdl:http://localhost:9001/stockquote?wsdl");

        ProviderAnnouncement announcement = announced.announcement();
        assertThat(announcement.network()).isEqualTo(DiscoveryNetwork.on("lo", 3799));
        assertThat(announcement.proxy()).isEqualTo(URI.create("http://localhost:8080/sd/services/discovery"));
        assertThat(announcement.scopes()).containsExactly("http://example.org/sd/sales",
                "urn:sd:wsdl:http://localhost:9001/stockquote?wsdl");
    }

    @Test
    void announceSettingsWithoutAnnounceAreAUsageError() {
        assertThatThrownBy(() -> CommandLine.parse("provider", "--service", "stockquote", "--name", "q", "--port", "9001",
                "--announce-port", "3799")).isInstanceOf(UsageException.class).hasMessageContaining("needs --announce");
    }

    @Test
    void signingOptionsNeedAnnounceAndAKeystoreThatCanBeRead() {
        assertThatThrownBy(() -> CommandLine.parse("provider", "--service", "stockquote", "--name", "q", "--port", "9001",
                "--announce-signing-keystore", "provider.p12")).isInstanceOf(UsageException.class)
                .hasMessageContaining("needs --announce");
        assertThatThrownBy(() -> CommandLine.parse("provider", "--service", "stockquote", "--name", "q", "--port", "9001",
                "--announce", "--announce-signing-keystore-password", "pw")).isInstanceOf(UsageException.class)
                .hasMessageContaining("needs --announce-signing-keystore");
        assertThatThrownBy(() -> CommandLine.parse("provider", "--service", "stockquote", "--name", "q", "--port", "9001",
                "--announce", "--announce-signing-keystore", "no-such-keystore.p12")).isInstanceOf(UsageException.class)
                .hasMessageContaining("no-such-keystore.p12");
    }

    @Test
    void anAnnouncementWithoutASigningKeystoreIsUnsigned() {
        Command.RunProvider announced = (Command.RunProvider) CommandLine.parse("provider", "--service", "stockquote",
                "--name", "q", "--port", "9001", "--announce");

        assertThat(announced.announcement().signatures().signs()).isFalse();
    }

    @Test
    void theDemoAnnouncesWhenAsked() {
        assertThat(((Command.RunDemo) CommandLine.parse("demo", "--announce")).announce()).isTrue();
        assertThat(((Command.RunDemo) CommandLine.parse("demo")).announce()).isFalse();
    }
}
