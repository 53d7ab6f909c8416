package org.servicedomain.testsupport;

import java.util.List;
import org.servicedomain.home.v1.Attribute;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.samples.provider.SampleProvider;

/** Registers sample providers through a node's home port, as a provider would. */
public final class Registrations {

    private Registrations() {
    }

    /** Registers {@code provider} from its WSDL; returns the one registration (one port type). */
    public static Registration register(HomePortType home, SampleProvider provider) throws HomeFault {
        return register(home, provider, null);
    }

    /** Registers {@code provider} with its own dispatch timeout (null for the policy's). */
    public static Registration register(HomePortType home, SampleProvider provider, Long timeoutMs) throws HomeFault {
        Register request = new Register();
        request.setWsdlLocation(provider.wsdlAddress().toString());
        request.setTimeoutMs(timeoutMs);
        request.getAttribute().add(attribute("name", provider.name()));
        List<Registration> registrations = home.register(request).getRegistration();
        if (registrations.size() != 1) {
            throw new AssertionError("expected one registration but got " + registrations.size());
        }
        return registrations.get(0);
    }

    /** The SOAPAction of the home port's {@code register}, for tests that post it themselves (e.g. over TLS). */
    public static final String REGISTER_ACTION = "\"urn:sd:home:1#register\"";

    /** The body of a {@code register} request for {@code provider}'s WSDL, to wrap in a SOAP 1.1 envelope. */
    public static String registerBody(SampleProvider provider) {
        return "<sd:register xmlns:sd=\"urn:sd:home:1\"><sd:wsdlLocation>" + provider.wsdlAddress()
                + "</sd:wsdlLocation></sd:register>";
    }

    /** An attribute written {@code name=value}. */
    public static Attribute attribute(String nameEqualsValue) {
        int eq = nameEqualsValue.indexOf('=');
        return attribute(nameEqualsValue.substring(0, eq), nameEqualsValue.substring(eq + 1));
    }

    public static Attribute attribute(String name, String value) {
        Attribute attribute = new Attribute();
        attribute.setName(name);
        attribute.setValue(value);
        return attribute;
    }
}
