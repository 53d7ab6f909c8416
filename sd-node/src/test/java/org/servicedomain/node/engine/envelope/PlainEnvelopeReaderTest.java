package org.servicedomain.node.engine.envelope;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;

/**
 * The plain pass says yes only where the StAX pass would, with the same operation: common envelopes
 * take it, anything XML allows beyond the plain subset or any mistake goes to the parser, and tens of
 * thousands of mutated envelopes never make the two disagree.
 */
class PlainEnvelopeReaderTest {

    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

    /** Envelopes clients send, each plain. */
    private static final List<String> COMMON = List.of(
            "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><q:getQuote xmlns:q=\"urn:sd:samples:stockquote\">"
                    + "<q:symbol>ACME</q:symbol></q:getQuote></s:Body></s:Envelope>",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<soap:Envelope xmlns:soap=\"" + SOAP11 + "\">\n  <soap:Header/>\n"
                    + "  <soap:Body>\n    <getQuote xmlns=\"urn:sd:samples:stockquote\"><symbol>Z\u00fcrich \u20ac \ud83d\ude00</symbol></getQuote>\n"
                    + "  </soap:Body>\n</soap:Envelope>\n",
            "<?xml version='1.0' encoding='utf-8' standalone='yes' ?><Envelope xmlns='" + SOAP11 + "'><Header><h:t xmlns:h=\"urn:h\""
                    + " h:must=\"1\" id=\"a>\"/></Header><Body><op xmlns=\"\"><a x='1' y=\"2\" /></op></Body></Envelope>",
            "<s:Envelope xmlns:s=\"" + SOAP11 + "\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><s:Body"
                    + " ><m:buy xmlns:m=\"urn:m\"><m:n xsi:type=\"xsd:int\">3</m:n><m:note>a > b ]] ok</m:note></m:buy>"
                    + "</s:Body ></s:Envelope >",
            "<e:Envelope xmlns:e=\"" + SOAP12 + "\"><e:Header><x:trace xmlns:x=\"urn:x\">1</x:trace></e:Header>"
                    + "<e:Body><x:ping xmlns:x=\"urn:x\"/></e:Body></e:Envelope>");

    @Test
    void commonEnvelopesTakeThePlainPassAndReadAsTheParserReadsThem() {
        for (String envelope : COMMON) {
            byte[] body = envelope.getBytes(StandardCharsets.UTF_8);
            SoapVersion version = envelope.contains(SOAP12) ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11;
            SoapRequest plain = PlainEnvelopeReader.read(body, version);

            assertThat(plain).as(envelope).isNotNull();
            assertSameAsParser(plain, body, version);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<!DOCTYPE s:Envelope [<!ENTITY x \"y\">]><s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><o/></s:Body></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><!-- c --><o/></s:Body></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><o><![CDATA[x]]></o></s:Body></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><?pi x?><o/></s:Body></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><o>a &amp; b</o></s:Body></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><p:o/></s:Body></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><o a=\"1\" a=\"2\"/></s:Body></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><o></p></s:Body></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><o/></s:Body></s:Envelope><junk/>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Header><sd:session xmlns:sd=\"urn:sd:home:1\">x</sd:session></s:Header>"
                + "<s:Body><o/></s:Body></s:Envelope>",
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><o/></s:Body></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><o xml:lang=\"en\"/></s:Body></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP12 + "\"><s:Body><o/></s:Body></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body></s:Body></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Header/></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><o>]]></o></s:Body></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><o a=\"1\"b=\"2\"/></s:Body></s:Envelope>",
        "<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><o/></s:Body>",
        " <?xml version=\"1.0\"?><s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><o/></s:Body></s:Envelope>",
    })
    void anythingBeyondThePlainSubsetOrAnyMistakeGoesToTheParser(String envelope) {
        assertThat(PlainEnvelopeReader.read(envelope.getBytes(StandardCharsets.UTF_8), SoapVersion.SOAP_11)).isNull();
    }

    @Test
    void aControlCharacterAnIllFormedUtf8SequenceOrANonCharacterGoesToTheParser() {
        for (byte[] bad : List.of(new byte[] {0x01}, new byte[] {(byte) 0xc3}, new byte[] {(byte) 0xc0, (byte) 0xaf},
                new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, new byte[] {(byte) 0xef, (byte) 0xbf, (byte) 0xbe},
                new byte[] {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, new byte[] {(byte) 0xff})) {
            assertThat(PlainEnvelopeReader.read(withText(bad), SoapVersion.SOAP_11)).isNull();
        }
    }

    @Test
    void mutatedEnvelopesNeverMakeThePlainPassAndTheParserDisagree() {
        int accepted = 0;
        int tried = 0;
        for (String envelope : COMMON) {
            byte[] original = envelope.getBytes(StandardCharsets.UTF_8);
            SoapVersion version = envelope.contains(SOAP12) ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11;
            Random random = new Random(envelope.hashCode());
            for (int i = 0; i < 20_000; i++) {
                byte[] mutant = mutate(original, random, 1 + random.nextInt(3));
                tried++;
                SoapRequest plain = PlainEnvelopeReader.read(mutant, version);
                if (plain != null) {
                    accepted++;
                    assertSameAsParser(plain, mutant, version);
                }
            }
        }
        assertThat(accepted).as("mutants the plain pass took, of %d", tried).isGreaterThan(1_000);
    }

    private static void assertSameAsParser(SoapRequest plain, byte[] body, SoapVersion version) {
        SoapRequest parsed;
        try {
            parsed = SoapRequestReader.parse(body, version);
        } catch (NodeFault refused) {
            fail("the plain pass took what the parser refuses (" + refused.getMessage() + "): "
                    + new String(body, StandardCharsets.UTF_8));
            return;
        }
        assertThat(plain).as(new String(body, StandardCharsets.UTF_8)).isEqualTo(parsed);
        assertThat(plain.operationElement().getPrefix()).isEqualTo(parsed.operationElement().getPrefix());
    }

    private static byte[] withText(byte[] text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("<s:Envelope xmlns:s=\"" + SOAP11 + "\"><s:Body><o>").getBytes(StandardCharsets.UTF_8));
        out.writeBytes(text);
        out.writeBytes("</o></s:Body></s:Envelope>".getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static final String[] TOKENS = {"<", ">", "/", "=", "\"", "'", ":", "?", "!", "&", ";", "[", "]", "-", " ", "\t",
        "\n", "\r", "x", "s", "a", "1", "Body", "Envelope", "xmlns", "xmlns:x=\"urn:x\"", "xmlns=\"\"", "xmlns:s=\"\"",
        "</a>", "<a>", "<a/>", " a=\"1\"", " x:a=\"1\"", "]]>", "<x:o/>", "<s:Body>", "</s:Body>",
        "xmlns:s=\"" + SOAP11 + "\"", "xml", "\u00e9", "\u20ac", "\ud83d\ude00", "\u0000", "\u007f", "\u0085", "\ufffd"};
    private static final byte[][] RAW = {{(byte) 0xc3}, {(byte) 0x80}, {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
        {(byte) 0xef, (byte) 0xbf, (byte) 0xbf}, {(byte) 0xf0, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xfe}};

    /** {@code edits} random insertions, deletions, replacements or repeats of a few bytes. */
    private static byte[] mutate(byte[] original, Random random, int edits) {
        byte[] b = original;
        for (int e = 0; e < edits; e++) {
            int at = random.nextInt(b.length + 1);
            byte[] piece = random.nextInt(8) == 0 ? RAW[random.nextInt(RAW.length)]
                    : TOKENS[random.nextInt(TOKENS.length)].getBytes(StandardCharsets.UTF_8);
            int cut = Math.min(b.length - at, random.nextInt(4));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            switch (random.nextInt(4)) {
                case 0 -> { // insert
                    out.write(b, 0, at);
                    out.writeBytes(piece);
                    out.write(b, at, b.length - at);
                }
                case 1 -> { // delete
                    out.write(b, 0, at);
                    out.write(b, at + cut, b.length - at - cut);
                }
                case 2 -> { // replace
                    out.write(b, 0, at);
                    out.writeBytes(piece);
                    out.write(b, at + cut, b.length - at - cut);
                }
                default -> { // repeat
                    out.write(b, 0, at + cut);
                    out.write(b, at, b.length - at);
                }
            }
            b = out.toByteArray();
        }
        return b;
    }
}
