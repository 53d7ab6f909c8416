package org.servicedomain.console;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.servicedomain.client.InstanceNames;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.VirtualPortInfo;

/**
 * The user view: the virtual ports with an operational instance, and a launch form per operation
 * generated from the port's WSDL. A launch goes through the node's {@code invokeOperation} in the
 * user's session, so the policy decides as for any other call; the page shows the answer and the
 * instance that served it (the one whose request count rose).
 */
@WebServlet({"/services", "/launch"})
public class ServicesServlet extends TaskServlet {

    private static final long serialVersionUID = 1L;
    private static final int MAX_WSDL_BYTES = 1 << 20;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** A port as the user view lists it, with its operational instances. */
    public record PortView(String name, String address, String wsdlAddress, List<PortStatistics.InstanceRow> instances,
            List<WsdlForms.OperationForm> operations) {
        public String getName() { return name; }
        public String getAddress() { return address; }
        public String getWsdlAddress() { return wsdlAddress; }
        public int getOperational() { return instances.size(); }
        public List<PortStatistics.InstanceRow> getInstances() { return instances; }
        public List<WsdlForms.OperationForm> getOperations() { return operations; }
    }

    /** One dispatch attempt of a failed launch, with the name of the instance tried. */
    public record AttemptView(String name, String instanceId, String endpointAddress, String reason) {
        public String getName() { return name; }
        public String getInstanceId() { return instanceId; }
        public String getEndpointAddress() { return endpointAddress; }
        public String getReason() { return reason; }
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        try {
            GetServiceInfoResponse info = client(request).getServiceInfo();
            if ("/launch".equals(request.getServletPath())) {
                showLaunch(request, info);
                render(request, response, "launch");
                return;
            }
            request.setAttribute("domainInfo", DomainServlet.shown(client(request)));
            String policy = client(request).getPolicy().document();
            String level = user(request).getUserLevel();
            List<PortView> ports = new ArrayList<>();
            for (VirtualPortInfo port : info.getVirtualPort()) {
                if (!PolicyContracts.mayUse(policy, level, port.getName(), null)) {
                    continue;
                }
                List<WsdlForms.OperationForm> operations = forms(port).stream()
                        .filter(f -> PolicyContracts.mayUse(policy, level, port.getName(), f.operation())).toList();
                ports.add(new PortView(port.getName(), port.getAddress(), port.getWsdlAddress(), operational(info, port.getName()),
                        operations));
            }
            request.setAttribute("ports", ports);
        } catch (NodeClientException e) {
            request.setAttribute("problem", problem(e));
        } catch (IllegalArgumentException e) {
            request.setAttribute("problem", e.getMessage());
        }
        render(request, response, "/launch".equals(request.getServletPath()) ? "launch" : "services");
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        NodeClient client = client(request);
        GetServiceInfoResponse before = null;
        try {
            before = client.getServiceInfo();
            WsdlForms.OperationForm form = showLaunch(request, before);
            String port = InstancesServlet.required(request, "port");
            String payload = form.isRaw() ? InstancesServlet.required(request, "payload")
                    : form.payload(form.getFields().stream().map(f -> value(request, f.name())).toList());
            request.setAttribute("sentPayload", ConsoleXml.pretty(payload));
            String answer = client.invokeOperation(port, form.operation(), payload);
            request.setAttribute("answer", ConsoleXml.pretty(answer));
            servedBy(before, client.getServiceInfo(port), port).ifPresent(row -> request.setAttribute("servedBy", row));
        } catch (NodeClientException e) {
            request.setAttribute("problem", problem(e));
            request.setAttribute("attempts", attempts(e.attempts(), before));
        } catch (IllegalArgumentException e) {
            request.setAttribute("problem", e.getMessage());
        }
        render(request, response, "launch");
    }

    private static String value(HttpServletRequest request, String field) {
        String value = request.getParameter("field." + field);
        return value == null ? "" : value;
    }

    /** Finds the port and operation of the launch form and puts them on the request. */
    private WsdlForms.OperationForm showLaunch(HttpServletRequest request, GetServiceInfoResponse info) throws IOException {
        String portName = InstancesServlet.required(request, "port");
        String operation = InstancesServlet.required(request, "operation");
        VirtualPortInfo port = info.getVirtualPort().stream().filter(p -> p.getName().equals(portName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("There is no virtual port " + portName + "."));
        WsdlForms.OperationForm form = forms(port).stream().filter(f -> f.operation().equals(operation)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Port " + portName + " has no operation " + operation + "."));
        request.setAttribute("port", portName);
        request.setAttribute("form", form);
        return form;
    }

    private static List<WsdlForms.OperationForm> forms(VirtualPortInfo port) throws IOException {
        return WsdlForms.of(fetch(port.getWsdlAddress()));
    }

    private static String fetch(String address) throws IOException {
        try {
            HttpResponse<InputStream> response = HTTP.send(HttpRequest.newBuilder(URI.create(address))
                    .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream in = response.body()) {
                byte[] bytes = in.readNBytes(MAX_WSDL_BYTES + 1);
                if (response.statusCode() != 200 || bytes.length > MAX_WSDL_BYTES) {
                    throw new IllegalArgumentException("The port's WSDL at " + address + " could not be read (HTTP "
                            + response.statusCode() + ").");
                }
                return new String(bytes, StandardCharsets.UTF_8);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading " + address, e);
        }
    }

    private static List<PortStatistics.InstanceRow> operational(GetServiceInfoResponse info, String port) {
        return info.getInstance().stream()
                .filter(i -> i.getVirtualPort().equals(port) && "operational".equals(i.getState().value()))
                .map(PortStatistics::row).toList();
    }

    /** The attempts as the page shows them: each instance by its name, when the node told it before the launch. */
    static List<AttemptView> attempts(List<NodeClientException.AttemptInfo> attempts, GetServiceInfoResponse before) {
        return attempts.stream().map(a -> new AttemptView(before == null ? a.instanceId() : before.getInstance().stream()
                .filter(i -> i.getInstanceId().equals(a.instanceId())).map(InstanceNames::of).findFirst().orElse(a.instanceId()),
                a.instanceId(), a.endpointAddress(), a.reason())).toList();
    }

    /** The one instance of {@code port} whose request count rose between the two answers. */
    static Optional<PortStatistics.InstanceRow> servedBy(GetServiceInfoResponse before, GetServiceInfoResponse after, String port) {
        List<InstanceInfo> rose = after.getInstance().stream().filter(i -> i.getVirtualPort().equals(port))
                .filter(i -> i.getRequests() > requests(before, i.getInstanceId())).toList();
        return rose.size() == 1 ? Optional.of(PortStatistics.row(rose.get(0))) : Optional.empty();
    }

    private static long requests(GetServiceInfoResponse info, String instanceId) {
        return info.getInstance().stream().filter(i -> i.getInstanceId().equals(instanceId))
                .mapToLong(InstanceInfo::getRequests).findFirst().orElse(0);
    }
}
