package org.servicedomain.client.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.servicedomain.client.InstanceNames;
import org.servicedomain.client.InstanceOperations;
import org.servicedomain.client.NodeClient;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.Registration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The node's instances: a table of them, and registering, unregistering and changing their state. */
@Command(name = "instances", mixinStandardHelpOptions = true,
        description = "Lists the instances (optionally of one --port); register, unregister and set-state change them.",
        subcommands = {InstancesCommand.Register.class, InstancesCommand.Unregister.class, InstancesCommand.SetState.class})
final class InstancesCommand extends NodeCommand {

    /** One instance; {@code operations} are the port's it implements, empty when {@code allOperations}. */
    record InstanceRow(String instanceId, String name, String virtualPort, String state, List<String> supplierLevels,
            String endpointAddress, long requests, long failures, double meanLatencyMs, Map<String, String> attributes,
            boolean allOperations, List<String> operations) {
        static InstanceRow of(InstanceInfo i) {
            Map<String, String> attributes = new LinkedHashMap<>();
            i.getAttribute().forEach(a -> attributes.put(a.getName(), a.getValue()));
            return new InstanceRow(i.getInstanceId(), InstanceNames.of(i), i.getVirtualPort(), i.getState() == null ? null : i.getState().value(),
                    List.copyOf(i.getSupplierLevel()), i.getEndpointAddress(), i.getRequests(), i.getFailures(),
                    i.getMeanLatencyMs(), attributes, InstanceOperations.all(i), InstanceOperations.implemented(i));
        }
    }

    @Option(names = "--port", paramLabel = "VIRTUAL_PORT", description = "Only the instances of this virtual port.")
    String port;

    @Override
    int run() throws Exception {
        NodeClient client = client();
        List<InstanceInfo> infos = (port == null ? client.getServiceInfo() : client.getServiceInfo(port)).getInstance();
        if (json()) {
            printJson(infos.stream().map(InstanceRow::of).toList());
            return 0;
        }
        Table table = new Table("NAME", "INSTANCE", "PORT", "STATE", "LEVELS", "OPERATIONS", "ENDPOINT", "REQUESTS",
                "FAILURES", "MEAN-MS");
        infos.forEach(i -> {
            InstanceRow r = InstanceRow.of(i);
            table.row(r.name(), r.instanceId(), r.virtualPort(), r.state(),
                    r.supplierLevels().isEmpty() ? "-" : String.join(" ", r.supplierLevels()), InstanceOperations.shown(i, ","),
                    r.endpointAddress(), r.requests(), r.failures(), String.format("%.1f", r.meanLatencyMs()));
        });
        table.print(out());
        return 0;
    }

    @Command(name = "register", mixinStandardHelpOptions = true, description = "Registers the instances a provider's WSDL describes.")
    static final class Register extends NodeCommand {

        @Parameters(paramLabel = "WSDL_URL", description = "Where the node fetches the provider's WSDL.")
        String wsdlLocation;

        @Option(names = "--level", paramLabel = "LEVEL", description = "A supplier level of the instance (repeatable).")
        List<String> levels = new ArrayList<>();

        @Option(names = "--timeout-ms", paramLabel = "MS", description = "The instance's dispatch timeout.")
        Long timeoutMs;

        @Option(names = "--attribute", paramLabel = "NAME=VALUE", description = "An attribute kept with the instance (repeatable).")
        Map<String, String> attributes = new LinkedHashMap<>();

        @Override
        int run() throws Exception {
            List<Registration> filed = client().register(wsdlLocation, levels.isEmpty() ? null : String.join(" ", levels),
                    timeoutMs, attributes);
            record Filed(String instanceId, String virtualPort, String virtualPortAddress) {
            }
            List<Filed> rows = filed.stream().map(r -> new Filed(r.getInstanceId(), r.getVirtualPort(),
                    r.getVirtualPortAddress())).toList();
            if (json()) {
                printJson(rows);
                return 0;
            }
            Table table = new Table("INSTANCE", "PORT", "PORT-ADDRESS");
            rows.forEach(r -> table.row(r.instanceId(), r.virtualPort(), r.virtualPortAddress()));
            table.print(out());
            return 0;
        }
    }

    @Command(name = "unregister", mixinStandardHelpOptions = true, description = "Unregisters an instance.")
    static final class Unregister extends NodeCommand {

        @Parameters(paramLabel = "INSTANCE_ID")
        String instanceId;

        @Override
        int run() throws Exception {
            client().unregister(instanceId);
            if (json()) {
                printJson(Map.of("instanceId", instanceId, "unregistered", true));
            } else {
                out().println("unregistered " + instanceId);
            }
            return 0;
        }
    }

    @Command(name = "set-state", mixinStandardHelpOptions = true,
            description = "Sets an instance down, standby (neither is selected) or operational.")
    static final class SetState extends NodeCommand {

        enum State { down, standby, operational }

        @Parameters(index = "0", paramLabel = "INSTANCE_ID")
        String instanceId;

        @Parameters(index = "1", paramLabel = "STATE", description = "down, standby or operational.")
        State state;

        @Override
        int run() throws Exception {
            InstanceInfo updated = client().setServiceInfo(instanceId, InstanceState.fromValue(state.name()), null, null);
            if (json()) {
                printJson(InstanceRow.of(updated));
            } else {
                out().println(updated.getInstanceId() + " is " + updated.getState().value());
            }
            return 0;
        }
    }
}
