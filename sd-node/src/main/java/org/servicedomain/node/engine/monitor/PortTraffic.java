package org.servicedomain.node.engine.monitor;

/** Hears each request on a virtual port as the engine takes it and as it leaves; must be quick and never throw. */
public interface PortTraffic {

    void requestStarted(String virtualPort);

    /** @param answered whether a provider's answer (a reply or its SOAP fault) went back */
    void requestEnded(String virtualPort, long nanos, boolean answered);

    PortTraffic NONE = new PortTraffic() {
        @Override
        public void requestStarted(String virtualPort) {
        }

        @Override
        public void requestEnded(String virtualPort, long nanos, boolean answered) {
        }
    };
}
