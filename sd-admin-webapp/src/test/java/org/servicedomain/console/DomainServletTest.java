package org.servicedomain.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.DomainInfo;

/** The domain information form with the client driver mocked: what it sends the node and what it shows. */
class DomainServletTest {

    @Test
    void savingSendsEveryFieldSoAnEmptiedOneIsRemovedAndGoesToTheDashboard() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator()).param("description", "Quotes")
                .param("owner", "ACME").param("contact", "").param("terms", "").param("termsUrl", "");
        when(h.client.setDomainInfo(any())).thenReturn(new DomainInfo());

        h.init(new DomainServlet()).doPost(h.request, h.response);

        verify(h.client).setDomainInfo(new NodeClient.DomainChange("Quotes", "ACME", "", "", ""));
        assertThat(h.sessionAttributes.get(TaskServlet.FLASH)).isEqualTo("Domain information saved.");
        verify(h.response).sendRedirect("/sd-admin/dashboard");
    }

    @Test
    void aRefusalShowsTheFormAgainWithWhatWasTypedAndTheNodesReason() throws Exception {
        TaskServletHarness h = new TaskServletHarness(TaskServletHarness.administrator()).param("description", "Quotes")
                .param("termsUrl", "ftp://x/terms");
        when(h.client.setDomainInfo(any())).thenThrow(new NodeClientException("BadRequest",
                "termsUrl must be an absolute http or https URL but was 'ftp://x/terms'", List.of(), null));

        h.init(new DomainServlet()).doPost(h.request, h.response);

        assertThat(h.requestAttributes.get("problem"))
                .isEqualTo("The node refused: termsUrl must be an absolute http or https URL but was 'ftp://x/terms' [BadRequest]");
        assertThat(((DomainServlet.DomainForm) h.requestAttributes.get("form")).getTermsUrl()).isEqualTo("ftp://x/terms");
        assertThat(h.forwardedTo).isEqualTo("/WEB-INF/views/domain.jsp");
    }
}
