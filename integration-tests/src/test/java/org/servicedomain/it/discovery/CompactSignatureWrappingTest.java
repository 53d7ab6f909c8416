package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.servicedomain.client.discovery.DiscoverySignatures;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.discovery.AppSequence;
import org.servicedomain.node.discovery.DiscoveryMessage;
import org.servicedomain.node.discovery.DiscoveryVersion;
import org.servicedomain.node.discovery.DiscoveryWriter;
import org.servicedomain.node.discovery.EndpointDescription;
import org.servicedomain.node.discovery.MessageKind;
import org.servicedomain.testsupport.TestKeystore;

/**
 * What a forger who holds one genuinely signed Hello can do to it (issue 27, item 6): add a header
 * block or a second body beside the signed parts, which a reader would take, or hide a DOCTYPE in
 * front; each makes the signature refused, while the message as signed, in either protocol
 * version, verifies.
 */
class CompactSignatureWrappingTest {

    private static final QName QUOTE = new QName("urn:sd:samples:stockquote", "StockQuotePortType");

    @TempDir
    static Path keys;

    private static DiscoveryWriter signer;
    private static DiscoverySignatures verifier;

    @BeforeAll
    static void providersKey() {
        TestKeystore keystore = TestKeystore.generate(keys);
        signer = new DiscoveryWriter(DiscoverySignatures.signingWith(keystore.file(), keystore.password().toCharArray(), null));
        verifier = DiscoverySignatures.NONE.trusting(List.of((X509Certificate) keystore.certificate()));
    }

    private static String signedHello(DiscoveryVersion version) {
        EndpointDescription endpoint = new EndpointDescription("urn:uuid:8a6c0a1e-1b5d-4c1e-9d1a-0c4e2f6a7b10", List.of(QUOTE),
                List.of("http://example.org/sd/sales"), List.of("http://127.0.0.1:9/quotes"), 1);
        return new String(signer.write(DiscoveryMessage.announcement(version, SoapVersion.SOAP_12, MessageKind.HELLO,
                new AppSequence(7, null, 1), endpoint)), StandardCharsets.UTF_8);
    }

    private static boolean verifies(String message) {
        return verifier.verifies(message.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @EnumSource(DiscoveryVersion.class)
    void aHelloAsSignedVerifies(DiscoveryVersion version) {
        assertThat(verifies(signedHello(version))).isTrue();
    }

    @Test
    void anUnsignedHeaderBlockBesideTheSignedOnesIsRefused() {
        String hello = signedHello(DiscoveryVersion.V11);
        String withAnotherSequence = hello.replace("<d:Security>",
                "<d:AppSequence InstanceId=\"9223372036854775807\" MessageNumber=\"1\"/><d:Security>");

        assertThat(withAnotherSequence).isNotEqualTo(hello);
        assertThat(verifies(withAnotherSequence)).isFalse();
    }

    @Test
    void aSecondBodyAfterTheSignedOneIsRefused() {
        String hello = signedHello(DiscoveryVersion.V11);
        int end = hello.indexOf("</s:Body>") + "</s:Body>".length();
        String withSecondBody = hello.substring(0, end) + hello.substring(hello.indexOf("<s:Body>"), end) + hello.substring(end);

        assertThat(verifies(withSecondBody)).isFalse();
    }

    @Test
    void aChangedSignedPartIsRefused() {
        String hello = signedHello(DiscoveryVersion.V11);

        assertThat(verifies(hello.replace("http://127.0.0.1:9/quotes", "http://127.0.0.1:10/quotes"))).isFalse();
        assertThat(verifies(hello.replace("InstanceId=\"7\"", "InstanceId=\"8\""))).isFalse();
    }

    @Test
    void aDoctypeInFrontIsRefusedUnread() {
        String hello = signedHello(DiscoveryVersion.V11);
        String withDoctype = hello.replaceFirst("\\?>", "?><!DOCTYPE s:Envelope [<!ENTITY e \"x\">]>");

        assertThat(withDoctype).contains("DOCTYPE");
        assertThat(verifies(withDoctype)).isFalse();
    }
}
