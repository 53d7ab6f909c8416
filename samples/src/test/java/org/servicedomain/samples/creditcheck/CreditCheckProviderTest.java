package org.servicedomain.samples.creditcheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.SoapHttp;
import org.servicedomain.samples.Wsdls;
import org.servicedomain.samples.Xml;
import org.servicedomain.samples.LaunchedProvider;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;

class CreditCheckProviderTest {

    private static final String NS = CreditCheckPortType.NAMESPACE;

    private final SoapHttp http = new SoapHttp();
    @RegisterExtension
    final LaunchedProvider launched = new LaunchedProvider();
    private SampleProvider provider;


    @Test
    void checkAnswersTheScoreAndNamesTheProvider() throws Exception {
        provider = launched.launch(ProviderOptions.of(SampleService.CREDITCHECK, "credit-a"));

        HttpResponse<String> response = http.post11(provider.address(), CreditCheckPortType.CHECK_ACTION,
                "<c:check xmlns:c='" + NS + "'><c:customerId>C-42</c:customerId></c:check>");

        assertThat(response.statusCode()).isEqualTo(200);
        Xml answer = Xml.parse(response.body());
        assertThat(answer.element(NS, "checkResponse")).isNotNull();
        assertThat(answer.text(NS, "customerId")).isEqualTo("C-42");
        assertThat(Integer.parseInt(answer.text(NS, "score"))).isEqualTo(CreditCheckEndpoint.scoreOf("C-42")).isBetween(300, 850);
        assertThat(answer.text(NS, "provider")).isEqualTo("credit-a");
    }

    @Test
    void servesAtItsOwnPathWithASelfContainedWsdl() throws Exception {
        provider = launched.launch(ProviderOptions.of(SampleService.CREDITCHECK, "credit-w"));

        assertThat(provider.address().getPath()).isEqualTo("/creditcheck");
        Xml wsdl = Wsdls.assertSelfContained(http.get(provider.wsdlAddress()).body(), provider.address(),
                Wsdls.SOAP11_BINDING_NS);
        assertThat(wsdl.root().getAttribute("targetNamespace")).isEqualTo(NS);
        assertThat(Wsdls.soapActions(wsdl, Wsdls.SOAP11_BINDING_NS)).containsExactly("check=urn:sd:samples:creditcheck#check");
    }
}
