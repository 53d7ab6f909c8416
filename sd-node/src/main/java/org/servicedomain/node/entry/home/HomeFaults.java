package org.servicedomain.node.entry.home;

import org.servicedomain.home.v1.Attempt;
import org.servicedomain.home.v1.Fault;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.node.core.NodeFault;

/** Turns a {@link NodeFault} into the home port's declared fault, keeping its code and attempts. */
final class HomeFaults {

    private HomeFaults() {
    }

    static HomeFault of(NodeFault fault) {
        Fault info = new Fault();
        info.setCode(fault.code().name());
        info.setMessage(fault.getMessage());
        for (NodeFault.Attempt a : fault.attempts()) {
            Attempt attempt = new Attempt();
            attempt.setInstanceId(a.instanceId());
            attempt.setEndpointAddress(a.endpointAddress());
            attempt.setReason(a.reason());
            attempt.setPath(a.path());
            info.getAttempt().add(attempt);
        }
        return new HomeFault(fault.getMessage(), info);
    }
}
