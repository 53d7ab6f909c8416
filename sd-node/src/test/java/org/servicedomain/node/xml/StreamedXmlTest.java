package org.servicedomain.node.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.junit.jupiter.api.Test;

/** The StAX reading the node's readers share: a secure reader over bytes or text, and the walks to an element's end. */
class StreamedXmlTest {

    @Test
    void skippingAnElementPassesOverAllItHoldsAndLeavesTheReaderAtItsEndTag() throws XMLStreamException {
        String document = "<a><skip><x><skip/></x>text</skip><next/></a>";

        String after = StreamedXml.read(document, reader -> {
            toStart(reader, "skip");
            StreamedXml.skipElement(reader);
            assertThat(reader.getEventType()).isEqualTo(XMLStreamConstants.END_ELEMENT);
            assertThat(reader.getLocalName()).isEqualTo("skip");
            reader.nextTag();
            return reader.getLocalName();
        });

        assertThat(after).isEqualTo("next");
    }

    @Test
    void theTextOfAnElementGathersItsDescendantsAndCdataTrimmed() throws XMLStreamException {
        byte[] document = "<a><b> one <c>two</c><![CDATA[ <three> ]]></b><d>four</d></a>".getBytes(StandardCharsets.UTF_8);

        String text = StreamedXml.read(document, reader -> {
            toStart(reader, "b");
            String gathered = StreamedXml.allText(reader);
            assertThat(reader.getLocalName()).as("left at b's end tag").isEqualTo("b");
            return gathered;
        });

        assertThat(text).isEqualTo("one two <three>");
    }

    @Test
    void readsOnlyTheBytesItIsToldToRead() throws XMLStreamException {
        byte[] buffer = "<a>in</a><b>past the length</b>".getBytes(StandardCharsets.UTF_8);

        String text = StreamedXml.read(buffer, "<a>in</a>".length(), reader -> {
            reader.nextTag();
            String inA = reader.getElementText();
            while (reader.hasNext()) {
                reader.next();
            }
            return inA;
        });

        assertThat(text).isEqualTo("in");
    }

    @Test
    void anEntityDeclaredInADoctypeIsNeverExpanded() {
        String document = "<!DOCTYPE a [<!ENTITY secret SYSTEM \"file:///etc/hostname\">]><a>&secret;</a>";

        assertThatThrownBy(() -> StreamedXml.read(document, reader -> {
            toStart(reader, "a");
            return StreamedXml.allText(reader);
        })).isInstanceOf(XMLStreamException.class);
    }

    private static void toStart(XMLStreamReader reader, String localName) throws XMLStreamException {
        while (reader.next() != XMLStreamConstants.START_ELEMENT || !localName.equals(reader.getLocalName())) {
            // passing over what comes before
        }
    }
}
