package org.servicedomain.node.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.TestInstances;

class InstanceNameTest {

    private static final Instance PLAIN = TestInstances.instance("quote-a");

    @Test
    void aGivenNameComesFirstThenALegacyNameAttributeThenTheWsdlServiceThenTheAddress() {
        assertThat(InstanceName.of(PLAIN.withAttributes(Map.of(InstanceName.GIVEN, "Acme quotes", InstanceName.LEGACY, "quote-a",
                InstanceName.WSDL_SERVICE, "AcmeQuoteService")))).isEqualTo("Acme quotes");
        assertThat(InstanceName.of(PLAIN.withAttributes(Map.of(InstanceName.LEGACY, "quote-a",
                InstanceName.WSDL_SERVICE, "AcmeQuoteService")))).isEqualTo("quote-a");
        assertThat(InstanceName.of(PLAIN.withAttributes(Map.of(InstanceName.WSDL_SERVICE, "AcmeQuoteService"))))
                .isEqualTo("AcmeQuoteService");
        assertThat(InstanceName.of(PLAIN)).isEqualTo("quote-a.provider.example/stockquote");
    }

    @Test
    void aBlankNameIsPassedOver() {
        assertThat(InstanceName.of(PLAIN.withAttributes(Map.of(InstanceName.GIVEN, " ",
                InstanceName.WSDL_SERVICE, "AcmeQuoteService")))).isEqualTo("AcmeQuoteService");
    }
}
