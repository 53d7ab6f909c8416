package org.servicedomain.client;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
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
 * is left out of its message. {@link NodeClient} makes the messages without fields itself. Each
 * message is made empty and then {@linkplain #message filled}.
 */
final class HomeRequests {

    private HomeRequests() {
    }

    /** A registration of the WSDL's instances. */
    static Register register(String wsdlLocation, String name, String supplierLevel, Long timeoutMs,
            Map<String, String> attributes) {
        return message(new Register(), r -> {
            r.setName(name);
            r.setWsdlLocation(wsdlLocation);
            addLevel(r.getSupplierLevel(), supplierLevel);
            r.setTimeoutMs(timeoutMs);
            r.getAttribute().addAll(attributes(attributes));
        });
    }

    /** A registration of the WSDL's instances, dispatched to {@code endpointAddress}. */
    static Register registerAt(String wsdlLocation, String endpointAddress) {
        return message(new Register(), r -> {
            r.setWsdlLocation(wsdlLocation);
            r.setEndpointAddress(endpointAddress);
        });
    }

    /** A registration of the node at {@code homeAddress} as a child ({@code originType} {@code sd-node}). */
    static Register registerChild(String homeAddress, String nodeSecret, String name, String supplierLevel, Long timeoutMs) {
        return message(new Register(), r -> {
            r.setWsdlLocation(homeAddress);
            r.setOriginType("sd-node");
            r.setNodeSecret(nodeSecret);
            addLevel(r.getSupplierLevel(), supplierLevel);
            r.setTimeoutMs(timeoutMs);
            if (name != null) {
                r.getAttribute().addAll(attributes(Map.of("name", name)));
            }
        });
    }

    static Unregister unregister(String instanceId) {
        return message(new Unregister(), r -> r.setInstanceId(instanceId));
    }

    static RemoveVirtualPort removeVirtualPort(String name) {
        return message(new RemoveVirtualPort(), r -> r.setVirtualPort(name));
    }

    static SetPolicy setPolicy(String document, boolean validateOnly) {
        return message(new SetPolicy(), r -> {
            r.setDocument(document);
            r.setValidateOnly(validateOnly ? Boolean.TRUE : null);
        });
    }

    static PreviewPolicy previewPolicy(String document, Long periodSeconds) {
        return message(new PreviewPolicy(), r -> {
            r.setDocument(document);
            r.setPeriodSeconds(periodSeconds);
        });
    }

    static GetPolicy getPolicy(Long version) {
        return message(new GetPolicy(), r -> r.setVersion(version));
    }

    /** One virtual port with its instances. */
    static GetServiceInfo serviceInfo(String virtualPort) {
        return message(new GetServiceInfo(), r -> r.setVirtualPort(virtualPort));
    }

    static GetServiceInfo sessionActivity(String sessionId) {
        return message(new GetServiceInfo(), r -> r.setSessionId(sessionId));
    }

    /** The topology as it stands, or ({@code poll}) after a discovery poll through every level. */
    static GetServiceInfo topology(boolean poll) {
        return message(new GetServiceInfo(), r -> {
            r.setTopology(Boolean.TRUE);
            r.setPoll(poll ? Boolean.TRUE : null);
        });
    }

    /** A change of an instance; a null argument leaves what it stands for as it is. */
    static SetServiceInfo setServiceInfo(String instanceId, InstanceState state, Long timeoutMs, Map<String, String> attributes,
            String supplierLevels) {
        return message(new SetServiceInfo(), r -> {
            r.setInstanceId(instanceId);
            r.setState(state);
            r.setTimeoutMs(timeoutMs);
            r.getAttribute().addAll(attributes(attributes));
            addLevel(r.getSupplierLevel(), supplierLevels);
        });
    }

    static SetServiceInfo rename(String instanceId, String name) {
        return message(new SetServiceInfo(), r -> {
            r.setInstanceId(instanceId);
            r.setName(name);
        });
    }

    static Login login(String user, String password) {
        return message(new Login(), r -> {
            r.setUser(user);
            r.setPassword(password);
        });
    }

    static Logout logout(String sessionId) {
        return message(new Logout(), r -> r.setSessionId(sessionId));
    }

    static InvokeOperation invokeOperation(String sessionId, String virtualPort, String operation, String payload) {
        return message(new InvokeOperation(), r -> {
            r.setSessionId(sessionId);
            r.setVirtualPort(virtualPort);
            r.setOperation(operation);
            r.setPayload(payload);
        });
    }

    static SetUser setUser(NodeClient.UserEntry user) {
        return message(new SetUser(), r -> {
            r.setUser(user.name());
            r.setPassword(user.password());
            r.setUserLevel(user.userLevel());
            r.getDesignated().addAll(user.designated());
            r.getRole().addAll(user.roles());
        });
    }

    static RemoveUser removeUser(String name) {
        return message(new RemoveUser(), r -> r.setUser(name));
    }

    static GetEvents events(Long after, Integer max) {
        return message(new GetEvents(), r -> {
            r.setAfter(after);
            r.setMax(max);
        });
    }

    /** The bill of a user ({@code organisation} false) or an organisation, from {@code from} to {@code to}. */
    static GetBill bill(String name, boolean organisation, Instant from, Instant to, String format) {
        return message(new GetBill(), r -> {
            if (organisation) {
                r.setOrganisation(name);
            } else {
                r.setUser(name);
            }
            r.setFrom(xmlTime(from));
            r.setTo(xmlTime(to));
            r.setFormat(format);
        });
    }

    static PlanQos planQos(String document) {
        return message(new PlanQos(), r -> r.setDocument(document));
    }

    static SetDomainInfo setDomainInfo(NodeClient.DomainChange change) {
        return message(new SetDomainInfo(), r -> {
            r.setDescription(change.description());
            r.setOwner(change.owner());
            r.setContact(change.contact());
            r.setTerms(change.terms());
            r.setTermsUrl(change.termsUrl());
        });
    }

    /** {@code request}, an empty message, with the fields {@code fields} sets. */
    private static <T> T message(T request, Consumer<? super T> fields) {
        fields.accept(request);
        return request;
    }

    private static void addLevel(List<String> levels, String level) {
        if (level != null) {
            levels.add(level);
        }
    }

    private static List<Attribute> attributes(Map<String, String> attributes) {
        if (attributes == null) {
            return List.of();
        }
        return attributes.entrySet().stream().map(e -> message(new Attribute(), a -> {
            a.setName(e.getKey());
            a.setValue(e.getValue());
        })).toList();
    }

    private static XMLGregorianCalendar xmlTime(Instant time) {
        try {
            return DatatypeFactory.newInstance().newXMLGregorianCalendar(GregorianCalendar.from(time.atZone(ZoneOffset.UTC)));
        } catch (DatatypeConfigurationException e) {
            throw new IllegalStateException("no XML datatype factory", e);
        }
    }
}
