package org.servicedomain.node.entry.home;

import java.nio.charset.StandardCharsets;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/** The state data an instance records about itself through {@code setServiceInfo}, bounded in size. */
final class InstanceStateData {

    private InstanceStateData() {
    }

    /** {@code data} when it fits {@code maxBytes} of UTF-8 (null: no change, empty: remove); else BadRequest. */
    static String checked(String data, int maxBytes) {
        if (data == null) {
            return null;
        }
        int bytes = data.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > maxBytes) {
            throw new NodeFault(FaultCode.BadRequest, "stateData is " + bytes + " bytes; the limit is " + maxBytes);
        }
        return data;
    }
}
