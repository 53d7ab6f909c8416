package org.servicedomain.client.cli;

import java.util.List;
import java.util.Map;
import org.servicedomain.home.v1.VirtualPortInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** The node's virtual ports: a table of them, and removing one with its instances (the undo of registrations). */
@Command(name = "ports", mixinStandardHelpOptions = true,
        description = "Lists the virtual ports; remove takes one away with all its instances.",
        subcommands = {PortsCommand.Remove.class})
final class PortsCommand extends NodeCommand {

    record PortRow(String name, String portType, String soapVersion, int instances, String address) {
        static PortRow of(VirtualPortInfo p) {
            return new PortRow(p.getName(), String.valueOf(p.getPortType()), p.getSoapVersion(), p.getInstanceCount(),
                    p.getAddress());
        }
    }

    @Override
    int run() throws Exception {
        List<PortRow> rows = client().getServiceInfo().getVirtualPort().stream().map(PortRow::of).toList();
        if (json()) {
            printJson(rows);
            return 0;
        }
        Table table = new Table("PORT", "PORT-TYPE", "SOAP", "INSTANCES", "ADDRESS");
        rows.forEach(r -> table.row(r.name(), r.portType(), r.soapVersion(), r.instances(), r.address()));
        table.print(out());
        return 0;
    }

    @Command(name = "remove", mixinStandardHelpOptions = true,
            description = "Removes a virtual port and every instance behind it (administrators only).")
    static final class Remove extends NodeCommand {

        @Parameters(paramLabel = "PORT", description = "The virtual port's name, as 'sdctl ports' lists it.")
        String name;

        @Override
        int run() throws Exception {
            List<String> removed = client().removeVirtualPort(name);
            if (json()) {
                printJson(Map.of("virtualPort", name, "removedInstances", removed));
            } else {
                out().println("removed virtual port " + name + " and its " + removed.size()
                        + (removed.size() == 1 ? " instance" : " instances") + (removed.isEmpty() ? "" : ": "
                        + String.join(", ", removed)));
            }
            return 0;
        }
    }
}
