package org.servicedomain.console;

import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Service levels, service maps and packages read from and written into a policy document, and the
 * fees' currency and organisations read from it. Edits keep the rest of the document (rules,
 * comments) as it was and put new elements where the policy's schema wants them; the node validates
 * the result when it is set.
 */
final class PolicyContracts {

    static final String NS = "urn:sd:policy:1";
    /** The order of the policy's top-level elements in {@code policy.xsd}. */
    private static final List<String> ORDER = List.of("settings", "serviceLevels", "timeWindow", "namespace", "package",
            "serviceMap", "defaults", "virtualPort");

    /** A service map: the supplier levels that serve a user level. */
    public record ServiceMap(String userLevel, String supplierLevels) {
        public String getUserLevel() { return userLevel; }
        public String getSupplierLevels() { return supplierLevels; }
    }

    /** A package: user levels and what they are granted ({@code port} or {@code port: op op}). */
    public record PackageView(String name, String userLevels, List<String> grants) {
        public String getName() { return name; }
        public String getUserLevels() { return userLevels; }
        public List<String> getGrants() { return grants; }
    }

    /** What the contracts page shows of a policy. */
    public record Contracts(List<String> userLevels, List<String> supplierLevels, List<ServiceMap> serviceMaps,
            List<PackageView> packages) {
        public List<String> getUserLevels() { return userLevels; }
        public List<String> getSupplierLevels() { return supplierLevels; }
        public List<ServiceMap> getServiceMaps() { return serviceMaps; }
        public List<PackageView> getPackages() { return packages; }
    }

    /** What the Bills page needs of a policy's fees: their currency and the organisations billed together. */
    public record Fees(String currency, List<String> organisations) {
        public String getCurrency() { return currency; }
        public List<String> getOrganisations() { return organisations; }
    }

    private PolicyContracts() {
    }

    /** The policy's fees, or null when it sets none (and the node can make no bill). */
    static Fees fees(String policy) {
        List<Element> fees = children(ConsoleXml.parse(policy).getDocumentElement(), "fees");
        if (fees.isEmpty()) {
            return null;
        }
        return new Fees(fees.get(0).getAttribute("currency"),
                children(fees.get(0), "organisation").stream().map(o -> o.getAttribute("name")).toList());
    }

    static Contracts read(String policy) {
        Element root = ConsoleXml.parse(policy).getDocumentElement();
        List<String> userLevels = new ArrayList<>();
        List<String> supplierLevels = new ArrayList<>();
        for (Element levels : children(root, "serviceLevels")) {
            children(levels, "userLevel").forEach(e -> userLevels.add(e.getAttribute("name")));
            children(levels, "supplierLevel").forEach(e -> supplierLevels.add(e.getAttribute("name")));
        }
        List<ServiceMap> maps = children(root, "serviceMap").stream()
                .map(e -> new ServiceMap(e.getAttribute("userLevel"), e.getAttribute("supplierLevels"))).toList();
        List<PackageView> packages = children(root, "package").stream().map(e -> new PackageView(e.getAttribute("name"),
                e.getAttribute("userLevels"), children(e, "grant").stream().map(g -> g.getAttribute("virtualPort")
                        + (g.hasAttribute("operations") ? ": " + g.getAttribute("operations") : "")).toList())).toList();
        return new Contracts(userLevels, supplierLevels, maps, packages);
    }

    /**
     * Whether a user of {@code userLevel} may call {@code operation} of {@code port} (null: any
     * operation) under the packages of {@code policy}: a port no package grants is open, as is one
     * whose {@code virtualPort} element says {@code anonymous="true"}; otherwise the level needs a
     * grant (docs/policy.md, package).
     */
    static boolean mayUse(String policy, String userLevel, String port, String operation) {
        Element root = ConsoleXml.parse(policy).getDocumentElement();
        boolean governed = false;
        for (Element pkg : children(root, "package")) {
            boolean levelMatches = List.of(pkg.getAttribute("userLevels").trim().split("\\s+")).contains(userLevel);
            for (Element grant : children(pkg, "grant")) {
                if (!grant.getAttribute("virtualPort").equals(port)) {
                    continue;
                }
                governed = true;
                List<String> operations = grant.hasAttribute("operations")
                        ? List.of(grant.getAttribute("operations").trim().split("\\s+")) : null;
                if (levelMatches && (operations == null || operation == null || operations.contains(operation))) {
                    return true;
                }
            }
        }
        return !governed || children(root, "virtualPort").stream()
                .anyMatch(v -> v.getAttribute("name").equals(port) && "true".equals(v.getAttribute("anonymous")));
    }

    /** Adds a user level ({@code kind} = userLevel) or supplier level ({@code kind} = supplierLevel). */
    static String addLevel(String policy, String kind, String name) {
        if (!kind.equals("userLevel") && !kind.equals("supplierLevel")) {
            throw new IllegalArgumentException("a level is a userLevel or a supplierLevel");
        }
        Document doc = ConsoleXml.parse(policy);
        Element root = doc.getDocumentElement();
        Element levels = children(root, "serviceLevels").stream().findFirst().orElseGet(() -> insert(root, "serviceLevels"));
        Element level = doc.createElementNS(NS, "userLevel".equals(kind) ? "userLevel" : "supplierLevel");
        level.setAttribute("name", name);
        Node before = kind.equals("userLevel") ? children(levels, "supplierLevel").stream().findFirst().orElse(null) : null;
        levels.insertBefore(level, before);
        return ConsoleXml.write(doc, false);
    }

    static String removeLevel(String policy, String kind, String name) {
        Document doc = ConsoleXml.parse(policy);
        for (Element levels : children(doc.getDocumentElement(), "serviceLevels")) {
            children(levels, kind).stream().filter(e -> e.getAttribute("name").equals(name)).forEach(levels::removeChild);
        }
        return ConsoleXml.write(doc, false);
    }

    static String addServiceMap(String policy, String userLevel, String supplierLevels) {
        Document doc = ConsoleXml.parse(policy);
        Element map = insert(doc.getDocumentElement(), "serviceMap");
        map.setAttribute("userLevel", userLevel);
        map.setAttribute("supplierLevels", supplierLevels);
        return ConsoleXml.write(doc, false);
    }

    static String removeServiceMap(String policy, String userLevel) {
        return remove(policy, "serviceMap", "userLevel", userLevel);
    }

    /** Adds a package granting {@code virtualPort} (all operations when {@code operations} is null). */
    static String addPackage(String policy, String name, String userLevels, String virtualPort, String operations) {
        Document doc = ConsoleXml.parse(policy);
        Element pkg = insert(doc.getDocumentElement(), "package");
        pkg.setAttribute("name", name);
        pkg.setAttribute("userLevels", userLevels);
        Element grant = doc.createElementNS(NS, "grant");
        grant.setAttribute("virtualPort", virtualPort);
        if (operations != null) {
            grant.setAttribute("operations", operations);
        }
        pkg.appendChild(grant);
        return ConsoleXml.write(doc, false);
    }

    static String removePackage(String policy, String name) {
        return remove(policy, "package", "name", name);
    }

    private static String remove(String policy, String element, String attribute, String value) {
        Document doc = ConsoleXml.parse(policy);
        Element root = doc.getDocumentElement();
        children(root, element).stream().filter(e -> e.getAttribute(attribute).equals(value)).forEach(root::removeChild);
        return ConsoleXml.write(doc, false);
    }

    /** A new top-level element, after every element the schema puts before it. */
    private static Element insert(Element root, String name) {
        int rank = ORDER.indexOf(name);
        Node before = null;
        for (Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && ORDER.indexOf(e.getLocalName()) > rank) {
                before = n;
                break;
            }
        }
        Element created = root.getOwnerDocument().createElementNS(NS, name);
        root.insertBefore(created, before);
        root.insertBefore(root.getOwnerDocument().createTextNode("\n  "), before);
        return created;
    }

    private static List<Element> children(Element parent, String localName) {
        List<Element> found = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && NS.equals(e.getNamespaceURI()) && localName.equals(e.getLocalName())) {
                found.add(e);
            }
        }
        return found;
    }
}
