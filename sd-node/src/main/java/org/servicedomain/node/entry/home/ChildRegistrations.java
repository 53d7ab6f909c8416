package org.servicedomain.node.entry.home;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.servicedomain.home.v1.Attribute;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.home.v1.Register;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.hierarchy.ChildNode;
import org.servicedomain.node.hierarchy.ChildTerms;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.hierarchy.HierarchyConfig;

/** How the home port registers child nodes ({@code originType} {@code sd-node}) and shows the topology below a node. */
final class ChildRegistrations {

    private ChildRegistrations() {
    }

    static boolean isChild(Register request) {
        String origin = HomeArguments.blankToNull(request.getOriginType());
        if (origin == null) {
            return false;
        }
        if (!ChildNode.ORIGIN_TYPE.equals(origin)) {
            throw new NodeFault(FaultCode.BadRequest, "originType must be " + ChildNode.ORIGIN_TYPE + " or absent but was " + origin);
        }
        return true;
    }

    /**
     * Registers the child whose home port {@code wsdlLocation} names; its name is the {@code name}
     * attribute, else its own. The registration's supplier levels, other attributes and timeout apply to
     * every instance filed for the child.
     */
    static List<Catalog.Registered> register(Hierarchy hierarchy, Register request) {
        String name = null;
        Map<String, String> attributes = new LinkedHashMap<>();
        for (Attribute a : request.getAttribute()) {
            String attribute = HomeArguments.required(a.getName(), "attribute name");
            String value = HomeArguments.blankToNull(a.getValue());
            if ("name".equals(attribute)) {
                name = childName(value);
            } else if (value != null) {
                attributes.put(attribute, value);
            }
        }
        ChildTerms terms = new ChildTerms(Instance.levelsOf(request.getSupplierLevel()), attributes, request.getTimeoutMs());
        return hierarchy.registerChild(HomeArguments.required(request.getWsdlLocation(), "wsdlLocation"),
                HomeArguments.blankToNull(request.getNodeSecret()), name, terms);
    }

    /** {@code name} when a child may be called so (null stays null: the child's own name is taken), else a {@code BadRequest}. */
    static String childName(String name) {
        if (name != null && (!HierarchyConfig.NODE_NAME.matcher(name).matches() || name.equals(".") || name.equals(".."))) {
            throw new NodeFault(FaultCode.BadRequest, "a child node's name must be " + HierarchyConfig.NODE_NAME_RULE
                    + " (and not '.' or '..'), as a node's own name, but was '" + name + "'");
        }
        return name;
    }

    /** This node with the ports and instances of {@code answer}, and the nodes below it as they last answered. */
    static NodeInfo topology(Hierarchy hierarchy, GetServiceInfoResponse answer, String base) {
        NodeInfo self = new NodeInfo();
        self.getVirtualPort().addAll(answer.getVirtualPort());
        self.getInstance().addAll(answer.getInstance());
        return hierarchy.topology(self, base);
    }
}
