package org.servicedomain.console;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.GetBillResponse;
import org.servicedomain.home.v1.UserInfo;

/**
 * Bills (home port {@code getBill}): an administrator picks a user or an organisation of the policy's
 * fees and a period and sees the bill's lines and total; {@code /bills/export} downloads the node's CSV
 * or JSON export of the same bill. Both are GETs, so a bill's page can be kept as a link.
 */
@WebServlet(urlPatterns = {"/bills", BillsServlet.EXPORT})
public class BillsServlet extends TaskServlet {

    private static final long serialVersionUID = 1L;
    static final String EXPORT = "/bills/export";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        if (EXPORT.equals(request.getServletPath())) {
            export(request, response);
            return;
        }
        BillForm form = BillForm.of(request);
        request.setAttribute("form", form);
        NodeClient client = client(request);
        try {
            request.setAttribute("fees", PolicyContracts.fees(client.getPolicy().document()));
            request.setAttribute("users", client.users().stream().map(UserInfo::getName).sorted().toList());
            if (form.isAsked()) {
                request.setAttribute("bill", BillView.of(client.bill(form.name(), form.isOrganisation(), form.fromInstant(),
                        form.toInstant(), null).getBill()));
            }
        } catch (NodeClientException e) {
            request.setAttribute("problem", problem(e));
        } catch (IllegalArgumentException e) {
            request.setAttribute("problem", e.getMessage());
        }
        render(request, response, "bills");
    }

    /** The node's export of the bill the query names, as a file to save; a refusal goes back to the bill's page. */
    private void export(HttpServletRequest request, HttpServletResponse response) throws IOException {
        BillForm form = BillForm.of(request);
        String format = parameter(request, "format");
        if (!"csv".equals(format) && !"json".equals(format)) {
            response.sendError(HttpServletResponse.SC_BAD_REQUEST, "format must be csv or json");
            return;
        }
        GetBillResponse bill;
        try {
            bill = client(request).bill(form.name(), form.isOrganisation(), form.fromInstant(), form.toInstant(), format);
        } catch (NodeClientException e) {
            redirectWithProblem(request, response, "/bills?" + form.getQuery(), e);
            return;
        } catch (IllegalArgumentException e) {
            request.getSession().setAttribute(FLASH_PROBLEM, e.getMessage());
            response.sendRedirect(onSameNode(request, "/bills?" + form.getQuery()));
            return;
        }
        response.setContentType(("csv".equals(format) ? "text/csv" : "application/json") + ";charset=UTF-8");
        response.setHeader("Content-Disposition", "attachment; filename=\"" + form.fileName(format) + "\"");
        byte[] body = bill.getExport().getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
