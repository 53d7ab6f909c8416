package org.servicedomain.client;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Map;
import javax.xml.datatype.DatatypeConfigurationException;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;
import org.servicedomain.home.v1.Attribute;
import org.servicedomain.home.v1.GetBill;
import org.servicedomain.home.v1.GetEvents;
import org.servicedomain.home.v1.GetPolicy;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.InvokeOperation;
import org.servicedomain.home.v1.Login;
import org.servicedomain.home.v1.Logout;
import org.servicedomain.home.v1.PlanQos;
import org.servicedomain.home.v1.PreviewPolicy;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.RemoveUser;
import org.servicedomain.home.v1.RemoveVirtualPort;
import org.servicedomain.home.v1.SetDomainInfo;
import org.servicedomain.home.v1.SetPolicy;
import org.servicedomain.home.v1.SetServiceInfo;
import org.servicedomain.home.v1.SetUser;
import org.servicedomain.home.v1.Unregister;

/**
 * The home port's request messages, built from {@link NodeClient}'s typed arguments; a null argument
 * is left out of its message. {@link NodeClient} makes the messages without fields itself.
 */
final class HomeRequests {

    private HomeRequests() {
    }

    /** A registration of the WSDL's instances. */
    static Register register(String wsdlLocation, String name, String supplierLevel, Long timeoutMs,
            Map<String, String> attributes) {
        Register request = new Register();
        request.setName(name);
        request.setWsdlLocation(wsdlLocation);
        if (supplierLevel != null) {
            request.getSupplierLevel().add(supplierLevel);
        }
        request.setTimeoutMs(timeoutMs);
        request.getAttribute().addAll(attributes(attributes));
        return request;
    }

    /** A registration of the WSDL's instances, dispatched to {@code endpointAddress}. */
    static Register registerAt(String wsdlLocation, String endpointAddress) {
        Register request = new Register();
        request.setWsdlLocation(wsdlLocation);
        request.setEndpointAddress(endpointAddress);
        return request;
    }

    /** A registration of the node at {@code homeAddress} as a child ({@code originType} {@code sd-node}). */
    static Register registerChild(String homeAddress, String nodeSecret, String name, String supplierLevel, Long timeoutMs) {
        Register request = new Register();
        request.setWsdlLocation(homeAddress);
        request.setOriginType("sd-node");
        request.setNodeSecret(nodeSecret);
        if (supplierLevel != null) {
            request.getSupplierLevel().add(supplierLevel);
        }
        request.setTimeoutMs(timeoutMs);
        if (name != null) {
            request.getAttribute().addAll(attributes(Map.of("name", name)));
        }
        return request;
    }

    static Unregister unregister(String instanceId) {
        Unregister request = new Unregister();
        request.setInstanceId(instanceId);
        return request;
    }

    static RemoveVirtualPort removeVirtualPort(String name) {
        RemoveVirtualPort request = new RemoveVirtualPort();
        request.setVirtualPort(name);
        return request;
    }

    static SetPolicy setPolicy(String document, boolean validateOnly) {
        SetPolicy request = new SetPolicy();
        request.setDocument(document);
        request.setValidateOnly(validateOnly ? Boolean.TRUE : null);
        return request;
    }

    static PreviewPolicy previewPolicy(String document, Long periodSeconds) {
        PreviewPolicy request = new PreviewPolicy();
        request.setDocument(document);
        request.setPeriodSeconds(periodSeconds);
        return request;
    }

    static GetPolicy getPolicy(Long version) {
        GetPolicy request = new GetPolicy();
        request.setVersion(version);
        return request;
    }

    /** One virtual port with its instances. */
    static GetServiceInfo serviceInfo(String virtualPort) {
        GetServiceInfo request = new GetServiceInfo();
        request.setVirtualPort(virtualPort);
        return request;
    }

    static GetServiceInfo sessionActivity(String sessionId) {
        GetServiceInfo request = new GetServiceInfo();
        request.setSessionId(sessionId);
        request.setVirtualPort(null);
        return request;
    }

    /** The topology as it stands, or ({@code poll}) after a discovery poll through every level. */
    static GetServiceInfo topology(boolean poll) {
        GetServiceInfo request = new GetServiceInfo();
        request.setTopology(Boolean.TRUE);
        request.setPoll(poll ? Boolean.TRUE : null);
        return request;
    }

    /** A change of an instance; a null argument leaves what it stands for as it is. */
    static SetServiceInfo setServiceInfo(String instanceId, InstanceState state, Long timeoutMs, Map<String, String> attributes,
            String supplierLevels) {
        SetServiceInfo request = new SetServiceInfo();
        request.setInstanceId(instanceId);
        request.setState(state);
        request.setTimeoutMs(timeoutMs);
        request.getAttribute().addAll(attributes(attributes));
        if (supplierLevels != null) {
            request.getSupplierLevel().add(supplierLevels);
        }
        return request;
    }

    static SetServiceInfo rename(String instanceId, String name) {
        SetServiceInfo request = new SetServiceInfo();
        request.setInstanceId(instanceId);
        request.setName(name);
        return request;
    }

    static Login login(String user, String password) {
        Login request = new Login();
        request.setUser(user);
        request.setPassword(password);
        return request;
    }

    static Logout logout(String sessionId) {
        Logout request = new Logout();
        request.setSessionId(sessionId);
        return request;
    }

    static InvokeOperation invokeOperation(String sessionId, String virtualPort, String operation, String payload) {
        InvokeOperation request = new InvokeOperation();
        request.setSessionId(sessionId);
        request.setVirtualPort(virtualPort);
        request.setOperation(operation);
        request.setPayload(payload);
        return request;
    }

    static SetUser setUser(NodeClient.UserEntry user) {
        SetUser request = new SetUser();
        request.setUser(user.name());
        request.setPassword(user.password());
        request.setUserLevel(user.userLevel());
        request.getDesignated().addAll(user.designated());
        request.getRole().addAll(user.roles());
        return request;
    }

    static RemoveUser removeUser(String name) {
        RemoveUser request = new RemoveUser();
        request.setUser(name);
        return request;
    }

    static GetEvents events(Long after, Integer max) {
        GetEvents request = new GetEvents();
        request.setAfter(after);
        request.setMax(max);
        return request;
    }

    /** The bill of a user ({@code organisation} false) or an organisation, from {@code from} to {@code to}. */
    static GetBill bill(String name, boolean organisation, Instant from, Instant to, String format) {
        GetBill request = new GetBill();
        if (organisation) {
            request.setOrganisation(name);
        } else {
            request.setUser(name);
        }
        request.setFrom(xmlTime(from));
        request.setTo(xmlTime(to));
        request.setFormat(format);
        return request;
    }

    static PlanQos planQos(String document) {
        PlanQos request = new PlanQos();
        request.setDocument(document);
        return request;
    }

    static SetDomainInfo setDomainInfo(NodeClient.DomainChange change) {
        SetDomainInfo request = new SetDomainInfo();
        request.setDescription(change.description());
        request.setOwner(change.owner());
        request.setContact(change.contact());
        request.setTerms(change.terms());
        request.setTermsUrl(change.termsUrl());
        return request;
    }

    private static List<Attribute> attributes(Map<String, String> attributes) {
        if (attributes == null) {
            return List.of();
        }
        return attributes.entrySet().stream().map(e -> {
            Attribute a = new Attribute();
            a.setName(e.getKey());
            a.setValue(e.getValue());
            return a;
        }).toList();
    }

    private static XMLGregorianCalendar xmlTime(Instant time) {
        try {
            return DatatypeFactory.newInstance().newXMLGregorianCalendar(GregorianCalendar.from(time.atZone(ZoneOffset.UTC)));
        } catch (DatatypeConfigurationException e) {
            throw new IllegalStateException("no XML datatype factory", e);
        }
    }
}
