package org.servicedomain.console;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.Registration;

/**
 * Instances: register by WSDL URL, unregister, set state, edit attributes; remove a whole virtual port
 * (the dashboard's button). An administrator sees
 * every instance; a provider sees and changes only its own (the node enforces that too).
 */
@WebServlet("/instances")
public class InstancesServlet extends TaskServlet {

    private static final long serialVersionUID = 1L;
    /** The attribute the node files an instance's readable name under; edited in its own field. */
    static final String NAME_ATTRIBUTE = "sd.name";
    /**
     * Attributes the attribute editor leaves out: the owner and the WSDL service's name (the node
     * files both) and the name (its own field).
     */
    private static final Set<String> HIDDEN_ATTRIBUTES = Set.of("sd.owner", "sd.wsdlService", NAME_ATTRIBUTE);

    /** One instance as the page lists it. */
    public record InstanceView(PortStatistics.InstanceRow row, String virtualPort, String timeoutMs, String registeredName,
            String attributes) {
        public PortStatistics.InstanceRow getRow() { return row; }
        public String getRegisteredName() { return registeredName; }
        public String getVirtualPort() { return virtualPort; }
        public String getTimeoutMs() { return timeoutMs; }
        public String getAttributes() { return attributes; }
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        ConsoleUser user = user(request);
        try {
            List<InstanceView> instances = client(request).getServiceInfo().getInstance().stream()
                    .filter(i -> user.isAdministrator() || user.getName().equals(PortStatistics.owner(i)))
                    .map(InstancesServlet::view).toList();
            request.setAttribute("instances", instances);
        } catch (NodeClientException e) {
            request.setAttribute("problem", problem(e));
        }
        request.setAttribute("states", List.of("operational", "standby", "down"));
        render(request, response, "instances");
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String action = parameter(request, "action");
        NodeClient client = client(request);
        String back = "removePort".equals(action) ? "/dashboard" : "/instances"; // the page the form is on
        try {
            String notice = switch (action == null ? "" : action) {
                case "register" -> register(request, client);
                case "unregister" -> {
                    String id = required(request, "instanceId");
                    client.unregister(id);
                    yield "Unregistered " + id + ".";
                }
                case "state" -> {
                    String id = required(request, "instanceId");
                    InstanceState state = InstanceState.fromValue(required(request, "state"));
                    client.setServiceInfo(id, state, null, null);
                    yield "Instance " + id + " is now " + state.value() + ".";
                }
                case "attributes" -> editAttributes(request, client);
                case "removePort" -> {
                    String port = required(request, "virtualPort");
                    int removed = client.removeVirtualPort(port).size();
                    yield "Removed virtual port " + port + " and its " + removed + (removed == 1 ? " instance." : " instances.");
                }
                default -> throw new IllegalArgumentException("unknown action");
            };
            redirect(request, response, back, notice);
        } catch (NodeClientException e) {
            redirectWithProblem(request, response, back, e);
        } catch (IllegalArgumentException e) {
            request.getSession().setAttribute(FLASH_PROBLEM, "The form was incomplete: " + e.getMessage());
            response.sendRedirect(request.getContextPath() + "/instances");
        }
    }

    private static String register(HttpServletRequest request, NodeClient client) {
        String wsdl = required(request, "wsdlLocation");
        String timeout = parameter(request, "timeoutMs");
        List<Registration> filed = client.register(wsdl, parameter(request, "name"), parameter(request, "supplierLevel"),
                timeout == null ? null : Long.valueOf(timeout), AttributeText.parse(request.getParameter("attributes")));
        return "Registered " + String.join(", ", filed.stream().map(r -> r.getInstanceId() + " on " + r.getVirtualPort()).toList()) + ".";
    }

    /** Sends the attributes as edited: changed and new ones with their values, removed ones empty. */
    private static String editAttributes(HttpServletRequest request, NodeClient client) {
        String id = required(request, "instanceId");
        InstanceInfo current = client.getServiceInfo().getInstance().stream().filter(i -> i.getInstanceId().equals(id))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("no instance " + id));
        Map<String, String> edited = AttributeText.parse(request.getParameter("attributes"));
        HIDDEN_ATTRIBUTES.forEach(edited::remove);
        Map<String, String> changes = new LinkedHashMap<>(edited);
        current.getAttribute().stream().map(a -> a.getName())
                .filter(name -> !edited.containsKey(name) && !HIDDEN_ATTRIBUTES.contains(name))
                .forEach(name -> changes.put(name, ""));
        String timeout = parameter(request, "timeoutMs");
        client.setServiceInfo(id, null, timeout == null ? null : Long.valueOf(timeout), changes, changedLevels(request, current));
        String name = request.getParameter("name");
        if (name != null && !name.strip().equals(registeredName(current))) {
            client.rename(id, name.strip());
        }
        return "Attributes of " + id + " saved.";
    }

    /** The supplier levels as edited, or null when the form did not change them. */
    private static String changedLevels(HttpServletRequest request, InstanceInfo current) {
        String edited = request.getParameter("supplierLevels");
        if (edited == null) {
            return null;
        }
        Set<String> levels = new TreeSet<>(Arrays.asList(edited.trim().split("\\s+")));
        levels.remove("");
        return levels.equals(new TreeSet<>(current.getSupplierLevel())) ? null : String.join(" ", levels);
    }

    static String required(HttpServletRequest request, String name) {
        String value = parameter(request, name);
        if (value == null) {
            throw new IllegalArgumentException(name + " is required");
        }
        return value;
    }

    /** The name the instance was given ({@code sd.name}), or "" when the node shows its address instead. */
    static String registeredName(InstanceInfo info) {
        return info.getAttribute().stream().filter(a -> NAME_ATTRIBUTE.equals(a.getName())).map(a -> a.getValue())
                .findFirst().orElse("");
    }

    private static InstanceView view(InstanceInfo info) {
        return new InstanceView(PortStatistics.row(info), info.getVirtualPort(),
                info.getTimeoutMs() == null ? "" : info.getTimeoutMs().toString(),
                registeredName(info),
                AttributeText.format(info.getAttribute().stream().filter(a -> !HIDDEN_ATTRIBUTES.contains(a.getName()))
                        .collect(LinkedHashMap::new, (m, a) -> m.put(a.getName(), a.getValue()), Map::putAll)));
    }
}
