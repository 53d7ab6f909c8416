package org.servicedomain.node.entry.home;

import java.util.List;
import java.util.Map;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.VirtualPortInfo;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.VirtualPort;

/**
 * How the home port shows which operations a virtual port offers and which of them each instance
 * implements, so an administrator sees why a call went only to some instances, or was answered
 * {@code OperationNotOffered}.
 */
final class OperationsView {

    private OperationsView() {
    }

    /** Adds the operations of the port's WSDL, in name order. */
    static void addTo(VirtualPortInfo info, VirtualPort port) {
        info.getOperation().addAll(port.operationsByElement().values().stream().sorted().toList());
    }

    /**
     * Adds to {@code info} whether the instance implements every operation of its port or, when not,
     * the port's operations it does implement, in name order.
     */
    static void addTo(InstanceInfo info, Instance instance, VirtualPort port) {
        List<String> implemented = port.operationsByElement().entrySet().stream()
                .filter(e -> instance.implementsOperation(e.getKey())).map(Map.Entry::getValue).sorted().toList();
        boolean all = implemented.size() == port.operationsByElement().size();
        info.setAllOperations(all);
        if (!all) {
            info.getOperation().addAll(implemented);
        }
    }
}
