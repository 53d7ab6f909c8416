package org.servicedomain.client.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class DiscoveryXmlTest {

    private static final String MATCHES = """
            <s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:a="http://www.w3.org/2005/08/addressing"
                        xmlns:d="http://docs.oasis-open.org/ws-dd/ns/discovery/2009/01" xmlns:q="urn:q">
              <s:Header><a:RelatesTo>urn:uuid:asked</a:RelatesTo></s:Header>
              <s:Body><d:ProbeMatches>
                <d:ProbeMatch>
                  <a:EndpointReference><a:Address>urn:uuid:port-1</a:Address></a:EndpointReference>
                  <d:Types>q:Quote</d:Types>
                  <d:Scopes>http://example.org/sd/sales urn:sd:qos:load:0.4 urn:sd:qos:p95ms:50</d:Scopes>
                  <d:XAddrs>http://n1:8080/sd/services/ports/Quote</d:XAddrs>
                  <d:MetadataVersion>7</d:MetadataVersion>
                </d:ProbeMatch>
              </d:ProbeMatches></s:Body>
            </s:Envelope>
            """;

    @Test
    void readsMatchesWithTypePrefixesDeclaredOnTheEnvelope() throws IOException {
        byte[] bytes = MATCHES.getBytes(StandardCharsets.UTF_8);

        DiscoveryXml.Matches matches = DiscoveryXml.readMatches(bytes, bytes.length);

        assertThat(matches.relatesTo()).isEqualTo("urn:uuid:asked");
        Target target = matches.targets().get(0);
        assertThat(target.address()).isEqualTo("urn:uuid:port-1");
        assertThat(target.types()).containsExactly(new QName("urn:q", "Quote"));
        assertThat(target.xaddrs()).containsExactly("http://n1:8080/sd/services/ports/Quote");
        assertThat(target.metadataVersion()).isEqualTo(7);
        assertThat(target.load()).hasValue(0.4);
        assertThat(target.p95Ms()).hasValue(50);
    }

    @Test
    void refusesADoctypeAndWhatIsNotAnAnswer() {
        byte[] doctype = ("<!DOCTYPE s [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>" + MATCHES).getBytes(StandardCharsets.UTF_8);
        byte[] probe = DiscoveryXml.probe(WsDiscoveryVersion.V11, "urn:uuid:p", List.of(), List.of(), null);

        assertThatThrownBy(() -> DiscoveryXml.readMatches(doctype, doctype.length)).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> DiscoveryXml.readMatches(probe, probe.length))
                .hasMessageContaining("not a ProbeMatches or ResolveMatches");
    }

    @Test
    void writesAProbeInTheVersionAsked() {
        String probe = new String(DiscoveryXml.probe(WsDiscoveryVersion.V2005, "urn:uuid:p",
                List.of(new QName("urn:q", "Quote")), List.of("http://example.org/sd/sales"), null), StandardCharsets.UTF_8);

        assertThat(probe).contains(WsDiscoveryVersion.V2005.namespace() + "/Probe", WsDiscoveryVersion.V2005.to(),
                "urn:uuid:p", "http://example.org/sd/sales", "\"urn:q\"", ":Quote<");
    }

    @Test
    void readsHelloAndByeInBothVersionsAndRefusesTheRest() throws IOException {
        Target target = new Target("urn:uuid:port-1", List.of(new QName("urn:q", "Quote")), List.of("urn:sd:virtual-port"),
                List.of("http://n1:8080/sd/services/ports/Quote"), 3);
        byte[] hello = DiscoveryXml.announcement(WsDiscoveryVersion.V11, "Hello", "urn:uuid:h", 1, 1, target);
        byte[] bye = DiscoveryXml.announcement(WsDiscoveryVersion.V2005, "Bye", "urn:uuid:b", 1, 2, target);
        byte[] probe = DiscoveryXml.probe(WsDiscoveryVersion.V11, "urn:uuid:p", List.of(), List.of(), null);
        byte[] matches = MATCHES.getBytes(StandardCharsets.UTF_8);
        byte[] doctype = ("<!DOCTYPE s [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + new String(hello, StandardCharsets.UTF_8).replaceFirst("<\\?xml[^>]*>", "")).getBytes(StandardCharsets.UTF_8);

        DiscoveryXml.Announcement heardHello = DiscoveryXml.readAnnouncement(hello, hello.length);
        DiscoveryXml.Announcement heardBye = DiscoveryXml.readAnnouncement(bye, bye.length);

        assertThat(heardHello.hello()).isTrue();
        assertThat(heardHello.target()).isEqualTo(target);
        assertThat(heardBye.hello()).isFalse();
        assertThat(heardBye.target().address()).isEqualTo("urn:uuid:port-1");
        assertThat(heardBye.target().xaddrs()).containsExactly("http://n1:8080/sd/services/ports/Quote");
        assertThatThrownBy(() -> DiscoveryXml.readAnnouncement(probe, probe.length)).hasMessageContaining("not a Hello or Bye");
        assertThatThrownBy(() -> DiscoveryXml.readAnnouncement(matches, matches.length)).hasMessageContaining("not a Hello or Bye");
        assertThatThrownBy(() -> DiscoveryXml.readAnnouncement(doctype, doctype.length)).isInstanceOf(IOException.class)
                .hasMessageContaining("DOCTYPE");
    }
}
