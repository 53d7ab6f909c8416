package org.servicedomain.node.entry.home;

import jakarta.xml.ws.handler.MessageContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import javax.xml.namespace.QName;
import org.apache.cxf.headers.Header;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.catalog.RegistrationClaim;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.entry.children.ForwardedCalls;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.session.SessionRegistry;
import org.servicedomain.node.session.User;
import org.servicedomain.node.session.UserDirectory;
import org.w3c.dom.Element;

/**
 * Who may call which home operation. A caller is known by the {@code sd:session} SOAP header, as on
 * virtual ports. While the user directory holds no administrator the home port stays open, so a
 * fresh node can be set up; from the first administrator on, roles are enforced: administrators
 * may do everything, providers register and change only the instances they own (recorded in the
 * {@value #OWNER_ATTRIBUTE} attribute), and every signed-in user may read the service info.
 */
final class HomeAccess {

    static final String ADMINISTRATOR = "administrator";
    static final String PROVIDER = "provider";
    /** The instance attribute naming the user who registered the instance. */
    static final String OWNER_ATTRIBUTE = "sd.owner";
    /** The audit trail's name for a caller without a session header. */
    static final String ANONYMOUS = "anonymous";
    /** The audit trail's name for a caller whose session header names no open session. */
    static final String UNKNOWN_SESSION = "unknown session";
    static final QName SESSION_HEADER = new QName("urn:sd:home:1", "session");

    /**
     * The caller of one home operation.
     *
     * @param user the signed-in user, null when anonymous
     * @param open true while no administrator exists, so that nothing is enforced
     */
    record HomeCaller(String user, Set<String> roles, boolean open) {

        boolean isAdministrator() {
            return open || roles.contains(ADMINISTRATOR);
        }

        boolean isProvider() {
            return roles.contains(PROVIDER);
        }

        /** True when this caller may change {@code instance}: an administrator, or its owner. */
        boolean owns(Instance instance) {
            return isAdministrator() || (user != null && user.equals(instance.attributes().get(OWNER_ATTRIBUTE)));
        }
    }

    /** Who the current thread's operation turned out to be called by, for the audit trail; null until known. */
    private final ThreadLocal<String> resolved = new ThreadLocal<>();

    private final Hierarchy hierarchy;
    private final UserDirectory users;
    private final SessionRegistry sessions;
    private final HomeExchange exchange;

    HomeAccess(Hierarchy hierarchy, UserDirectory users, SessionRegistry sessions, HomeExchange exchange) {
        this.hierarchy = hierarchy;
        this.users = users;
        this.sessions = sessions;
        this.exchange = exchange;
    }

    /**
     * The caller of the current operation: the parent's administrator when the parent forwarded the
     * call with a proof that verifies ({@link ForwardedCalls}), else the user of the session header;
     * an unknown session or a proof that does not verify is refused.
     */
    HomeCaller caller() {
        String forwardedFor = ForwardedCalls.parentAdministrator(hierarchy, exchange.request());
        if (forwardedFor != null) {
            resolved.set(ForwardedCalls.PARENT_USER_PREFIX + forwardedFor);
            return new HomeCaller(ForwardedCalls.PARENT_USER_PREFIX + forwardedFor, Set.of(ADMINISTRATOR), false);
        }
        boolean open = users.list().stream().noneMatch(u -> u.roles().contains(ADMINISTRATOR));
        String sessionId = sessionHeader();
        if (sessionId == null) {
            resolved.set(ANONYMOUS);
            return new HomeCaller(null, Set.of(), open);
        }
        resolved.set(UNKNOWN_SESSION);
        Caller caller = sessions.caller(sessionId)
                .orElseThrow(() -> new NodeFault(FaultCode.NotAuthorized, "unknown or expired session"));
        resolved.set(caller.user());
        Set<String> roles = users.find(caller.user()).map(User::roles).orElse(Set.of());
        return new HomeCaller(caller.user(), roles, open);
    }

    /**
     * Who called the current operation as far as {@link #caller} found out ({@value #ANONYMOUS},
     * {@value #UNKNOWN_SESSION}, a user), or null when it was not asked; then forgets it.
     */
    String takeResolvedCaller() {
        String who = resolved.get();
        resolved.remove();
        return who;
    }

    HomeCaller requireAdministrator(String operation) {
        HomeCaller caller = caller();
        if (!caller.isAdministrator()) {
            throw refused(caller, operation, "an administrator");
        }
        return caller;
    }

    HomeCaller requireProvider(String operation) {
        HomeCaller caller = caller();
        if (!caller.isAdministrator() && !caller.isProvider()) {
            throw refused(caller, operation, "a provider or an administrator");
        }
        return caller;
    }

    HomeCaller requireSignedIn(String operation) {
        HomeCaller caller = caller();
        if (!caller.open && caller.user == null) {
            throw refused(caller, operation, "a signed-in user");
        }
        return caller;
    }

    /** Refuses unless {@code caller} may change {@code instance}. */
    static void requireOwner(HomeCaller caller, Instance instance) {
        if (!caller.owns(instance)) {
            throw new NodeFault(FaultCode.NotAuthorized, "instance " + instance.id() + " belongs to another provider");
        }
    }

    /**
     * What decides a registration once it has resolved to an instance (after the WSDL was read):
     * a provider may only replace an instance it owns, and files its own name as owner (whatever it
     * sent); an administrator may replace any instance, keeping its owner unless it names another.
     * An instance without owner is the administrator's. Unless {@code trustClaims}, what a provider
     * declares is kept apart ({@link ProviderClaims}).
     */
    static RegistrationClaim registration(HomeCaller caller, Supplier<CatalogSnapshot> catalog, int maxPerProvider,
            boolean trustClaims) {
        boolean trusted = caller.isAdministrator() || trustClaims;
        return new RegistrationClaim() {
            @Override
            public Map<String, String> attributes(Instance existing, Map<String, String> requested) {
                if (existing != null) {
                    requireOwner(caller, existing);
                } else if (!caller.isAdministrator() && owned(catalog.get(), caller.user) >= maxPerProvider) {
                    throw new NodeFault(FaultCode.BadRequest, "provider " + caller.user + " owns its maximum of "
                            + maxPerProvider + " instances; unregister some first");
                }
                Map<String, String> owned = trusted ? new LinkedHashMap<>(requested)
                        : ProviderClaims.filed(existing, requested);
                if (!caller.isAdministrator()) {
                    owned.put(OWNER_ATTRIBUTE, caller.user);
                } else if (!owned.containsKey(OWNER_ATTRIBUTE)) {
                    String owner = existing != null ? existing.attributes().get(OWNER_ATTRIBUTE) : caller.user;
                    if (owner != null) {
                        owned.put(OWNER_ATTRIBUTE, owner);
                    }
                }
                return owned;
            }

            @Override
            public Set<String> supplierLevels(Instance existing, Set<String> requested) {
                return trusted ? requested : existing == null ? Set.of() : existing.supplierLevels();
            }
        };
    }

    private static long owned(CatalogSnapshot snapshot, String user) {
        return snapshot.instances().stream().filter(i -> user.equals(i.attributes().get(OWNER_ATTRIBUTE))).count();
    }

    /** Refuses a change of the owner attribute by anyone but an administrator. */
    static void requireOwnerUnchanged(HomeCaller caller, Map<String, String> attributeChanges) {
        if (attributeChanges != null && attributeChanges.containsKey(OWNER_ATTRIBUTE) && !caller.isAdministrator()) {
            throw new NodeFault(FaultCode.NotAuthorized, "only an administrator may change " + OWNER_ATTRIBUTE);
        }
    }

    private static NodeFault refused(HomeCaller caller, String operation, String who) {
        return new NodeFault(FaultCode.NotAuthorized, caller.user == null
                ? operation + " needs the sd:session header of " + who
                : operation + " is for " + who + "; user " + caller.user + " is not one");
    }

    /** The text of the current operation's {@code sd:session} header, or null; null also for calls made without SOAP (tests). */
    @SuppressWarnings("unchecked")
    String sessionHeader() {
        MessageContext message = exchange.message();
        Object headers = message == null ? null : message.get(Header.HEADER_LIST);
        if (!(headers instanceof List<?> list)) {
            return null;
        }
        for (Header header : (List<Header>) list) {
            if (SESSION_HEADER.equals(header.getName()) && header.getObject() instanceof Element element) {
                String id = element.getTextContent().trim();
                return id.isEmpty() ? null : id;
            }
        }
        return null;
    }
}
