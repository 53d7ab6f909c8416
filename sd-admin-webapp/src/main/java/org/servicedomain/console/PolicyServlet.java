package org.servicedomain.console;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.MultipartConfig;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.Part;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.PolicyRefusal;
import org.servicedomain.home.v1.PreviewPolicyResponse;

/**
 * The policy: the active document in an editor, validate without activating, activate, the
 * earlier versions the node keeps and a roll-back to one of them. A document the node refuses
 * stays in the editor, with the offending line marked. Validating shows the candidate's impact on
 * the last hour of traffic; activating a candidate that would refuse requests now served asks for
 * confirmation first. A document can also come as an uploaded file (a multipart form with a
 * {@code file} part), validated or activated like the editor's. {@code from} and {@code to} (two kept
 * versions) add their line diff to the page.
 */
@WebServlet("/policy")
@MultipartConfig(maxFileSize = PolicyServlet.MAX_FILE_BYTES, maxRequestSize = PolicyServlet.MAX_FILE_BYTES + 64 * 1024)
public class PolicyServlet extends TaskServlet {

    private static final long serialVersionUID = 1L;
    /** The largest policy file the upload form takes. */
    static final long MAX_FILE_BYTES = 4L * 1024 * 1024;
    private static final Pattern LINE = Pattern.compile("at line (\\d+)");

    /** One line of the document, numbered, marked when a validation error points at it. */
    public record Line(int number, String text, boolean error) {
        public int getNumber() { return number; }
        public String getText() { return text; }
        public boolean isError() { return error; }
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        NodeClient client = client(request);
        try {
            NodeClient.PolicyVersion active = client.getPolicy();
            request.setAttribute("activeVersion", active.version());
            String shown = parameter(request, "version");
            NodeClient.PolicyVersion viewed = shown == null ? active : client.getPolicy(Long.valueOf(shown));
            request.setAttribute("viewedVersion", viewed.version());
            request.setAttribute("document", viewed.document());
            request.setAttribute("versions", keptVersions(client, active.version()));
            showDiff(request, client);
        } catch (NodeClientException e) {
            request.setAttribute("problem", problem(e));
        } catch (NumberFormatException e) {
            request.setAttribute("problem", "A policy version is a whole number; not one of: " + String.join(", ",
                    java.util.Arrays.asList(request.getParameter("version"), request.getParameter("from"), request.getParameter("to"))
                            .stream().filter(java.util.Objects::nonNull).toList()));
        } catch (IllegalArgumentException e) {
            request.setAttribute("problem", e.getMessage());
        }
        render(request, response, "policy");
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        NodeClient client = client(request);
        String action = parameter(request, "action");
        String document;
        try {
            document = uploaded(request);
        } catch (IOException | IllegalStateException e) {
            request.setAttribute("problem", "The file could not be read: " + e.getMessage());
            showEdited(request, response, client, "", 0);
            return;
        }
        if (document == null) {
            document = request.getParameter("document");
        }
        try {
            if ("rollback".equals(action)) {
                long version = Long.parseLong(InstancesServlet.required(request, "version"));
                long now = client.setPolicy(client.getPolicy(version).document());
                redirect(request, response, "/policy", "Rolled back to version " + version + "; it is active as version " + now + ".");
            } else if ("validate".equals(action)) {
                PreviewPolicyResponse impact = client.previewPolicy(document, null);
                request.setAttribute("notice", "The policy is valid; it would become version " + impact.getVersion()
                        + ". It was not activated." + warnings(new NodeClient.PolicyCheck(impact.getVersion(), impact.getWarning())));
                request.setAttribute("policyWarnings", impact.getWarning());
                showImpact(request, impact);
                showEdited(request, response, client, document, 0);
            } else {
                if (!"activate-confirmed".equals(action)) {
                    PreviewPolicyResponse impact = client.previewPolicy(document, null);
                    long refused = newlyRefused(impact);
                    if (refused > 0) {
                        request.setAttribute("problem", "This policy would refuse " + refused + " of the requests the node"
                                + " served in the last hour (see below). It was not activated: activate it anyway, or change it.");
                        request.setAttribute("needsConfirmation", Boolean.TRUE);
                        showImpact(request, impact);
                        showEdited(request, response, client, document, 0);
                        return;
                    }
                }
                NodeClient.PolicyCheck set = client.applyPolicy(document);
                redirect(request, response, "/policy", "Version " + set.version() + " is active." + warnings(set));
            }
        } catch (NodeClientException e) {
            if ("rollback".equals(action)) {
                redirectWithProblem(request, response, "/policy", e);
                return;
            }
            request.setAttribute("problem", problem(e));
            showEdited(request, response, client, document, errorLine(e));
        }
    }

    /** Puts the line diff of versions {@code from} and {@code to} on the page when both are asked for. */
    private static void showDiff(HttpServletRequest request, NodeClient client) {
        String from = parameter(request, "from");
        String to = parameter(request, "to");
        if (from == null || to == null) {
            return;
        }
        long older = Long.parseLong(from);
        long newer = Long.parseLong(to);
        request.setAttribute("diffFrom", older);
        request.setAttribute("diffTo", newer);
        request.setAttribute("diff", PolicyDiff.of(client.getPolicy(older).document(), client.getPolicy(newer).document()));
    }

    /** The text of the uploaded policy file (UTF-8), or null when the request is not an upload. */
    private static String uploaded(HttpServletRequest request) throws IOException, ServletException {
        String type = request.getContentType();
        if (type == null || !type.toLowerCase(java.util.Locale.ROOT).startsWith("multipart/form-data")) {
            return null;
        }
        Part file = request.getPart("file");
        if (file == null) {
            return null;
        }
        try (InputStream in = file.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Shows the submitted document in the editor again, with its numbered lines. */
    private void showEdited(HttpServletRequest request, HttpServletResponse response, NodeClient client, String document,
            int errorLine) throws ServletException, IOException {
        request.setAttribute("document", document);
        request.setAttribute("lines", lines(document == null ? "" : document, errorLine));
        request.setAttribute("errorLine", errorLine == 0 ? null : errorLine);
        try {
            long active = client.getPolicy().version();
            request.setAttribute("activeVersion", active);
            request.setAttribute("versions", keptVersions(client, active));
        } catch (NodeClientException e) {
            request.setAttribute("problem", request.getAttribute("problem") == null ? problem(e) : request.getAttribute("problem"));
        }
        render(request, response, "policy");
    }

    /** Puts the node's impact preview on the page (docs/sdctl.md, Policy impact preview). */
    private static void showImpact(HttpServletRequest request, PreviewPolicyResponse impact) {
        request.setAttribute("impact", impact);
        request.setAttribute("impactNewlyRefused", newlyRefused(impact));
        request.setAttribute("impactRefused", impact.getRefusal().stream().mapToLong(PolicyRefusal::getRequests).sum());
    }

    /** How many replayed requests the candidate refuses that the active policy serves. */
    static long newlyRefused(PreviewPolicyResponse impact) {
        return impact.getRefusal().stream().filter(r -> !r.isRefusedNow()).mapToLong(PolicyRefusal::getRequests).sum();
    }

    /** The node's warnings as a sentence to append to a notice, or nothing when there are none. */
    static String warnings(NodeClient.PolicyCheck check) {
        return check.warnings().isEmpty() ? "" : " Warnings: " + String.join("; ", check.warnings());
    }

    static int errorLine(NodeClientException e) {
        if (!"InvalidPolicy".equals(e.code()) || e.getMessage() == null) {
            return 0;
        }
        Matcher m = LINE.matcher(e.getMessage());
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    static List<Line> lines(String document, int errorLine) {
        String[] texts = document.split("\\R", -1);
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < texts.length; i++) {
            lines.add(new Line(i + 1, texts[i], i + 1 == errorLine));
        }
        return lines;
    }

    /** The versions the node still keeps, newest first (the node keeps the last ten). */
    private static List<Long> keptVersions(NodeClient client, long active) {
        List<Long> versions = new ArrayList<>();
        versions.add(active);
        for (long v = active - 1; v >= Math.max(1, active - 9); v--) {
            try {
                client.getPolicy(v);
                versions.add(v);
            } catch (NodeClientException e) {
                if (!"BadRequest".equals(e.code())) {
                    throw e;
                }
            }
        }
        return versions;
    }
}
