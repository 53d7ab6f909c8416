package org.servicedomain.samples.gpdr;

import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;
import org.servicedomain.home.v1.Attribute;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.Registration;

/**
 * Recovery: registers with the main node the spare node's operational instances of the port type
 * a failed virtual port of the main node serves, through both nodes' home ports.
 */
public final class SpareRecovery {

    private final HomePortType main;
    private final HomePortType spare;

    public SpareRecovery(HomePortType main, HomePortType spare) {
        this.main = main;
        this.spare = spare;
    }

    /** Registers the spare instances for {@code virtualPort}; returns the new registrations. */
    public List<Registration> recover(String virtualPort) throws HomeFault {
        GetServiceInfo ask = new GetServiceInfo();
        ask.setVirtualPort(virtualPort);
        QName portType = main.getServiceInfo(ask).getVirtualPort().get(0).getPortType();
        GetServiceInfoResponse spares = spare.getServiceInfo(new GetServiceInfo());
        List<Registration> added = new ArrayList<>();
        for (InstanceInfo instance : spares.getInstance()) {
            if (portType.equals(instance.getPortType()) && instance.getState() == InstanceState.OPERATIONAL) {
                Register register = new Register();
                register.setWsdlLocation(instance.getWsdlLocation());
                register.setEndpointAddress(instance.getEndpointAddress());
                register.setPortType(portType);
                register.getSupplierLevel().addAll(instance.getSupplierLevel());
                for (Attribute a : instance.getAttribute()) {
                    register.getAttribute().add(a);
                }
                added.addAll(main.register(register).getRegistration());
            }
        }
        return added;
    }
}
