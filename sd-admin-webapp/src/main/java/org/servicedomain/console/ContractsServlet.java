package org.servicedomain.console;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;

/**
 * Service levels and contracts: user and supplier levels, service maps and packages, written
 * into the active policy (a new version through {@code setPolicy}), and the users with their
 * levels and roles, written into the node's user directory.
 */
@WebServlet("/contracts")
public class ContractsServlet extends TaskServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        NodeClient client = client(request);
        try {
            NodeClient.PolicyVersion policy = client.getPolicy();
            request.setAttribute("policyVersion", policy.version());
            request.setAttribute("contracts", PolicyContracts.read(policy.document()));
            List<org.servicedomain.home.v1.UserInfo> users = client.users();
            request.setAttribute("users", users);
            request.setAttribute("administratorCount", users.stream().filter(u -> u.getRole().contains(ConsoleUser.ADMINISTRATOR)).count());
        } catch (NodeClientException e) {
            request.setAttribute("problem", problem(e));
        }
        request.setAttribute("roles", List.of("administrator", "provider", "user"));
        render(request, response, "contracts");
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        NodeClient client = client(request);
        String action = parameter(request, "action");
        try {
            String notice = switch (action == null ? "" : action) {
                case "setUser" -> setUser(request, client);
                case "removeUser" -> {
                    String name = InstancesServlet.required(request, "name");
                    yield client.removeUser(name) ? "Removed user " + name + "." : "There was no user " + name + ".";
                }
                default -> editPolicy(request, client, action);
            };
            redirect(request, response, "/contracts", notice);
        } catch (NodeClientException e) {
            redirectWithProblem(request, response, "/contracts", e);
        } catch (IllegalArgumentException e) {
            request.getSession().setAttribute(FLASH_PROBLEM, "The form was incomplete: " + e.getMessage());
            response.sendRedirect(request.getContextPath() + "/contracts");
        }
    }

    private static String setUser(HttpServletRequest request, NodeClient client) {
        String name = InstancesServlet.required(request, "name");
        String[] roles = request.getParameterValues("role");
        client.setUser(new NodeClient.UserEntry(name, parameter(request, "password"), InstancesServlet.required(request, "userLevel"),
                words(parameter(request, "designated")), roles == null ? List.of() : Arrays.asList(roles)));
        return "Saved user " + name + ".";
    }

    /** Applies one contract change to the active policy and activates the result as a new version. */
    private static String editPolicy(HttpServletRequest request, NodeClient client, String action) {
        String policy = client.getPolicy().document();
        String edited = switch (action == null ? "" : action) {
            case "addLevel" -> PolicyContracts.addLevel(policy, InstancesServlet.required(request, "kind"),
                    InstancesServlet.required(request, "name"));
            case "removeLevel" -> PolicyContracts.removeLevel(policy, InstancesServlet.required(request, "kind"),
                    InstancesServlet.required(request, "name"));
            case "addServiceMap" -> PolicyContracts.addServiceMap(policy, InstancesServlet.required(request, "userLevel"),
                    InstancesServlet.required(request, "supplierLevels"));
            case "removeServiceMap" -> PolicyContracts.removeServiceMap(policy, InstancesServlet.required(request, "userLevel"));
            case "addPackage" -> PolicyContracts.addPackage(policy, InstancesServlet.required(request, "name"),
                    InstancesServlet.required(request, "userLevels"), InstancesServlet.required(request, "virtualPort"),
                    parameter(request, "operations"));
            case "removePackage" -> PolicyContracts.removePackage(policy, InstancesServlet.required(request, "name"));
            default -> throw new IllegalArgumentException("unknown action");
        };
        return "The policy is active as version " + client.setPolicy(edited) + ".";
    }

    private static List<String> words(String text) {
        return text == null ? List.of() : Arrays.stream(text.split("[\\s,]+")).filter(w -> !w.isEmpty()).toList();
    }
}
