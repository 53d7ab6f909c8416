package org.servicedomain.console;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.DomainInfo;

/**
 * The administrators' form of the domain information (home port {@code setDomainInfo}): every field
 * is sent, so an emptied field removes it. The node checks the values; a refusal shows the form again
 * with what was typed and the node's message.
 */
@WebServlet("/domain")
public class DomainServlet extends TaskServlet {

    private static final long serialVersionUID = 1L;

    /** The form's values. */
    public record DomainForm(String description, String owner, String contact, String terms, String termsUrl) {
        public String getDescription() { return description; }
        public String getOwner() { return owner; }
        public String getContact() { return contact; }
        public String getTerms() { return terms; }
        public String getTermsUrl() { return termsUrl; }

        static DomainForm of(DomainInfo info) {
            return new DomainForm(info.getDescription(), info.getOwner(), info.getContact(), info.getTerms(), info.getTermsUrl());
        }
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        try {
            request.setAttribute("form", DomainForm.of(client(request).domainInfo()));
        } catch (NodeClientException e) {
            request.setAttribute("problem", problem(e));
        }
        render(request, response, "domain");
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        DomainForm form = new DomainForm(request.getParameter("description"), request.getParameter("owner"),
                request.getParameter("contact"), request.getParameter("terms"), request.getParameter("termsUrl"));
        try {
            client(request).setDomainInfo(new NodeClient.DomainChange(form.description(), form.owner(), form.contact(),
                    form.terms(), form.termsUrl()));
            redirect(request, response, "/dashboard", "Domain information saved.");
        } catch (NodeClientException e) {
            request.setAttribute("problem", problem(e));
            request.setAttribute("form", form);
            render(request, response, "domain");
        }
    }

    /** The domain information for a page's card, or null when the node does not answer it (the page shows without it). */
    static DomainInfo shown(NodeClient client) {
        try {
            DomainInfo info = client.domainInfo();
            boolean empty = info == null || info.getDescription() == null && info.getOwner() == null && info.getContact() == null
                    && info.getTerms() == null && info.getTermsUrl() == null;
            return empty ? null : info;
        } catch (NodeClientException e) {
            return null;
        }
    }
}
