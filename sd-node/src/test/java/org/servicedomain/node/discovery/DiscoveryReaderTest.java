package org.servicedomain.node.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;

class DiscoveryReaderTest {

    private final DiscoveryReader reader = new DiscoveryReader();

    /** A probe as WCF and many devices send it: every prefix declared on the Envelope, none on Types. */
    private static final String PROBE_WITH_ENVELOPE_PREFIXES = """
            <?xml version="1.0" encoding="utf-8"?>
            <s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"
                        xmlns:a="http://schemas.xmlsoap.org/ws/2004/08/addressing"
                        xmlns:d="http://schemas.xmlsoap.org/ws/2005/04/discovery"
                        xmlns:q="urn:stockquote">
              <s:Header>
                <a:Action s:mustUnderstand="1">http://schemas.xmlsoap.org/ws/2005/04/discovery/Probe</a:Action>
                <a:MessageID>urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427</a:MessageID>
                <a:ReplyTo><a:Address>http://schemas.xmlsoap.org/ws/2004/08/addressing/role/anonymous</a:Address></a:ReplyTo>
                <a:To s:mustUnderstand="1">urn:schemas-xmlsoap-org:ws:2005:04:discovery</a:To>
              </s:Header>
              <s:Body>
                <d:Probe>
                  <d:Types>q:StockQuotePortType</d:Types>
                  <d:Scopes MatchBy="http://schemas.xmlsoap.org/ws/2005/04/discovery/strcmp0">http://example.org/sales</d:Scopes>
                </d:Probe>
              </s:Body>
            </s:Envelope>
            """;

    @Test
    void resolvesTypePrefixesDeclaredOnTheEnvelope() {
        DiscoveryMessage probe = reader.read(PROBE_WITH_ENVELOPE_PREFIXES.getBytes(StandardCharsets.UTF_8));

        assertThat(probe.kind()).isEqualTo(MessageKind.PROBE);
        assertThat(probe.version()).isEqualTo(DiscoveryVersion.V2005);
        assertThat(probe.soap()).isEqualTo(SoapVersion.SOAP_12);
        assertThat(probe.types()).containsExactly(new QName("urn:stockquote", "StockQuotePortType"));
        assertThat(probe.scopes()).containsExactly("http://example.org/sales");
        assertThat(probe.matchBy()).endsWith("/strcmp0");
        assertThat(probe.messageId()).isEqualTo("urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427");
    }

    @Test
    void readsAHelloOfVersionOnePointOneInSoapOnePointOne() {
        String hello = """
                <e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/">
                 <e:Header xmlns:w="http://www.w3.org/2005/08/addressing" xmlns:d="http://docs.oasis-open.org/ws-dd/ns/discovery/2009/01">
                  <w:MessageID>urn:uuid:0000000a-0000-0000-0000-000000000001</w:MessageID>
                  <d:AppSequence InstanceId="7" MessageNumber="3"/>
                 </e:Header>
                 <e:Body>
                  <Hello xmlns="http://docs.oasis-open.org/ws-dd/ns/discovery/2009/01">
                   <EndpointReference xmlns="http://www.w3.org/2005/08/addressing"><Address>urn:uuid:p1</Address></EndpointReference>
                   <Types xmlns:x="urn:x">x:A x:B</Types>
                   <XAddrs>http://127.0.0.1:1/a  http://127.0.0.1:2/a</XAddrs>
                   <MetadataVersion>4</MetadataVersion>
                  </Hello>
                 </e:Body>
                </e:Envelope>
                """;

        DiscoveryMessage message = reader.read(hello.getBytes(StandardCharsets.UTF_8));

        assertThat(message.version()).isEqualTo(DiscoveryVersion.V11);
        assertThat(message.soap()).isEqualTo(SoapVersion.SOAP_11);
        assertThat(message.appSequence()).isEqualTo(new AppSequence(7, null, 3));
        EndpointDescription endpoint = message.endpoint();
        assertThat(endpoint.address()).isEqualTo("urn:uuid:p1");
        assertThat(endpoint.types()).containsExactly(new QName("urn:x", "A"), new QName("urn:x", "B"));
        assertThat(endpoint.xaddrs()).containsExactly("http://127.0.0.1:1/a", "http://127.0.0.1:2/a");
        assertThat(endpoint.metadataVersion()).isEqualTo(4);
        assertThat(endpoint.scopes()).isEmpty();
    }

    @Test
    void refusesADoctype() {
        String withDoctype = "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                + PROBE_WITH_ENVELOPE_PREFIXES.substring(PROBE_WITH_ENVELOPE_PREFIXES.indexOf("<s:Envelope"));

        assertThatThrownBy(() -> reader.read(withDoctype.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(NodeFault.class, f -> assertThat(f.code()).isEqualTo(FaultCode.BadRequest));
    }

    @Test
    void refusesAMessageOverTheSizeLimit() {
        byte[] bytes = PROBE_WITH_ENVELOPE_PREFIXES.getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> new DiscoveryReader(bytes.length - 1).read(bytes))
                .isInstanceOfSatisfying(NodeFault.class, f -> assertThat(f.getMessage()).contains("at most"));
    }

    @Test
    void refusesATypeWithAnUndeclaredPrefix() {
        String probe = PROBE_WITH_ENVELOPE_PREFIXES.replace("q:StockQuotePortType", "z:StockQuotePortType");

        assertThatThrownBy(() -> reader.read(probe.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(NodeFault.class, f -> assertThat(f.getMessage()).contains("prefix z"));
    }

    @Test
    void refusesABodyThatIsNotDiscovery() {
        String other = PROBE_WITH_ENVELOPE_PREFIXES.replace("<d:Probe>", "<q:Probe>").replace("</d:Probe>", "</q:Probe>");

        assertThatThrownBy(() -> reader.read(other.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(NodeFault.class, f -> assertThat(f.getMessage()).contains("not a WS-Discovery message"));
    }

    @Test
    void readsWhatTheWriterWroteInEveryVersionAndEnvelope() {
        DiscoveryWriter writer = new DiscoveryWriter();
        EndpointDescription endpoint = new EndpointDescription("urn:uuid:vp", List.of(new QName("urn:q", "Quote")),
                List.of("http://example.org/sales"), List.of("http://127.0.0.1:8080/sd/services/ports/Quote"), 5);
        for (DiscoveryVersion version : DiscoveryVersion.values()) {
            for (SoapVersion soap : SoapVersion.values()) {
                DiscoveryMessage hello = DiscoveryMessage.announcement(version, soap, MessageKind.HELLO,
                        new AppSequence(1, "s", 2), endpoint);
                DiscoveryMessage probe = DiscoveryMessage.probe(version, soap, endpoint.types(), endpoint.scopes(), null);
                DiscoveryMessage matches = probe.answer(new AppSequence(1, null, 3), List.of(endpoint, endpoint));
                DiscoveryMessage resolve = DiscoveryMessage.resolve(version, soap, "urn:uuid:vp");

                assertThat(reader.read(writer.write(hello))).isEqualTo(hello);
                assertThat(reader.read(writer.write(probe))).isEqualTo(probe);
                assertThat(reader.read(writer.write(matches))).isEqualTo(matches);
                assertThat(reader.read(writer.write(resolve))).isEqualTo(resolve);
            }
        }
    }

    @Test
    void answersInTheVersionAndEnvelopeItWasAskedIn() {
        DiscoveryMessage probe = reader.read(PROBE_WITH_ENVELOPE_PREFIXES.getBytes(StandardCharsets.UTF_8));

        DiscoveryMessage answer = probe.answer(null, List.of());

        assertThat(answer.version()).isEqualTo(probe.version());
        assertThat(answer.soap()).isEqualTo(probe.soap());
        assertThat(answer.kind()).isEqualTo(MessageKind.PROBE_MATCHES);
        assertThat(answer.relatesTo()).isEqualTo(probe.messageId());
        String written = new String(new DiscoveryWriter().write(answer), StandardCharsets.UTF_8);
        assertThat(written).contains(DiscoveryVersion.V2005.action(MessageKind.PROBE_MATCHES))
                .contains(SoapVersion.SOAP_12.envelopeNamespace());
    }
}
