package org.servicedomain.testsupport;

import java.util.List;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.Login;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.SetPolicy;
import org.servicedomain.home.v1.SetUser;
import org.servicedomain.samples.provider.SampleProvider;

/**
 * What an administrator does through the home port to set up a domain for a scenario: users,
 * providers with supplier levels and attributes, a policy, sessions.
 */
public final class DomainSetup {

    private final HomePortType home;

    public DomainSetup(HomePortType home) {
        this.home = home;
    }

    /** Creates or replaces a user with a password, a user level and designated providers. */
    public DomainSetup user(String name, String password, String userLevel, String... designated) throws HomeFault {
        SetUser request = new SetUser();
        request.setUser(name);
        request.setPassword(password);
        request.setUserLevel(userLevel);
        request.getDesignated().addAll(List.of(designated));
        home.setUser(request);
        return this;
    }

    /** Registers {@code provider} with a supplier level and {@code name=value} attributes. */
    public Registration provider(SampleProvider provider, String supplierLevel, String... attributes) throws HomeFault {
        Register request = new Register();
        request.setWsdlLocation(provider.wsdlAddress().toString());
        if (supplierLevel != null) {
            request.getSupplierLevel().add(supplierLevel);
        }
        request.getAttribute().add(Registrations.attribute("name", provider.name()));
        for (String attribute : attributes) {
            request.getAttribute().add(Registrations.attribute(attribute));
        }
        return home.register(request).getRegistration().get(0);
    }

    /** Sets and activates {@code document}; returns its version. */
    public long policy(String document) throws HomeFault {
        SetPolicy request = new SetPolicy();
        request.setDocument(document);
        return home.setPolicy(request).getVersion();
    }

    /** Logs {@code user} in; returns the session id for the {@code sd:session} header. */
    public String login(String user, String password) throws HomeFault {
        Login request = new Login();
        request.setUser(user);
        request.setPassword(password);
        return home.login(request).getSessionId();
    }
}
