package org.servicedomain.samples.provider;

import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;

/**
 * Creates a CXF bus that belongs to one provider alone. CXF makes the first bus it creates the
 * JVM-wide and thread default; a provider's bus must not become that, or clients elsewhere in the
 * JVM (the node, the client driver) would run on it and break when the provider stops.
 */
final class PrivateBus {

    private PrivateBus() {
    }

    static Bus create() {
        Bus previousThreadBus = BusFactory.getThreadDefaultBus(false);
        Bus bus = BusFactory.newInstance().createBus();
        if (BusFactory.getDefaultBus(false) == bus) {
            BusFactory.setDefaultBus(null);
        }
        BusFactory.setThreadDefaultBus(previousThreadBus);
        return bus;
    }
}
