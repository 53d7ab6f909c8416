package org.servicedomain.node.qos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A capacity plan as operators' tools write it for {@code qos-plan}: nodes with their capacities,
 * flows with class, demand, minimum and path (format in docs/qos.md), and the answer's JSON.
 */
public record QosPlan(Map<String, Double> capacities, List<FlowDemand> flows) {

    private static final Set<String> PLAN_FIELDS = Set.of("nodes", "flows");
    private static final Set<String> FLOW_FIELDS = Set.of("name", "class", "demand", "minimum", "path");

    public QosPlan {
        capacities = Collections.unmodifiableMap(new LinkedHashMap<>(capacities));
        flows = List.copyOf(flows);
    }

    /** The plan in {@code document}; a field of the wrong shape is refused with a message naming it. */
    public static QosPlan read(JsonNode document) {
        if (!document.isObject()) {
            throw new IllegalArgumentException("the plan must be a JSON object with \"nodes\" and \"flows\"");
        }
        onlyFields(document, PLAN_FIELDS, "the plan");
        JsonNode nodes = document.path("nodes");
        if (!nodes.isObject()) {
            throw new IllegalArgumentException("\"nodes\" must be an object of node name to capacity");
        }
        Map<String, Double> capacities = new LinkedHashMap<>();
        nodes.fields().forEachRemaining(node -> capacities.put(node.getKey(), number(node.getValue(), "node " + node.getKey() + ": capacity")));
        JsonNode flows = document.path("flows");
        if (!flows.isArray()) {
            throw new IllegalArgumentException("\"flows\" must be an array of flows");
        }
        List<FlowDemand> demands = new ArrayList<>();
        for (int i = 0; i < flows.size(); i++) {
            demands.add(flow(flows.get(i), i + 1));
        }
        return new QosPlan(capacities, demands);
    }

    /** {@code {"flows":[{"name":…,"allocation":…,"boundBy":…},…]}}, rates whole where they are whole. */
    public static JsonNode answer(List<Allocation> allocations) {
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        var flows = answer.putArray("flows");
        for (Allocation allocation : allocations) {
            ObjectNode flow = flows.addObject();
            flow.put("name", allocation.name());
            flow.set("allocation", DecimalNode.valueOf(RateText.rounded(allocation.allocation())));
            flow.put("boundBy", allocation.boundBy());
        }
        return answer;
    }

    private static FlowDemand flow(JsonNode flow, int position) {
        if (!flow.isObject()) {
            throw new IllegalArgumentException("flow " + position + ": must be an object");
        }
        JsonNode nameNode = flow.path("name");
        if (!nameNode.isTextual() || nameNode.asText().isBlank()) {
            throw new IllegalArgumentException("flow " + position + ": \"name\" must be a non-empty string");
        }
        String name = nameNode.asText();
        onlyFields(flow, FLOW_FIELDS, "flow " + name);
        JsonNode classNode = flow.path("class");
        if (!classNode.isIntegralNumber()) {
            throw new IllegalArgumentException("flow " + name + ": \"class\" must be 1 (high), 2 (middle) or 3 (low)");
        }
        PriorityClass priorityClass;
        try {
            priorityClass = PriorityClass.ofNumber(classNode.asInt());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("flow " + name + ": " + e.getMessage(), e);
        }
        double demand = number(flow.path("demand"), "flow " + name + ": demand");
        double minimum = flow.has("minimum") ? number(flow.get("minimum"), "flow " + name + ": minimum") : 0;
        return new FlowDemand(name, priorityClass, demand, minimum, path(flow.path("path"), name));
    }

    private static List<Route> path(JsonNode path, String flow) {
        if (!path.isArray()) {
            throw new IllegalArgumentException("flow " + flow + ": \"path\" must be an array of node names and split/all/aggregate objects");
        }
        List<Route> steps = new ArrayList<>();
        for (JsonNode step : path) {
            steps.add(step(step, flow));
        }
        return steps;
    }

    private static Route step(JsonNode step, String flow) {
        if (step.isTextual()) {
            return new Route.Node(step.asText());
        }
        if (!step.isObject() || step.size() != 1) {
            throw new IllegalArgumentException("flow " + flow + ": a path step is a node name or an object with one of split, all, aggregate");
        }
        String kind = step.fieldNames().next();
        JsonNode value = step.get(kind);
        switch (kind) {
            case "split" -> {
                if (!value.isObject()) {
                    throw new IllegalArgumentException("flow " + flow + ": \"split\" must be an object of node name to probability");
                }
                Map<String, Double> probabilities = new LinkedHashMap<>();
                value.fields().forEachRemaining(branch -> probabilities.put(branch.getKey(),
                        number(branch.getValue(), "flow " + flow + ": split probability of " + branch.getKey())));
                return new Route.Split(probabilities);
            }
            case "all" -> {
                return new Route.All(names(value, flow, kind));
            }
            case "aggregate" -> {
                return new Route.Aggregate(names(value, flow, kind));
            }
            default -> throw new IllegalArgumentException("flow " + flow + ": unknown path step \"" + kind
                    + "\" (a step is a node name or one of split, all, aggregate)");
        }
    }

    private static List<String> names(JsonNode value, String flow, String kind) {
        if (!value.isArray()) {
            throw new IllegalArgumentException("flow " + flow + ": \"" + kind + "\" must be an array of node names");
        }
        List<String> names = new ArrayList<>();
        for (JsonNode name : value) {
            if (!name.isTextual()) {
                throw new IllegalArgumentException("flow " + flow + ": \"" + kind + "\" must be an array of node names");
            }
            names.add(name.asText());
        }
        return names;
    }

    private static double number(JsonNode value, String what) {
        if (!value.isNumber()) {
            throw new IllegalArgumentException(what + " must be a number" + (value.isMissingNode() ? ", and is missing" : ""));
        }
        return value.asDouble();
    }

    private static void onlyFields(JsonNode object, Set<String> known, String what) {
        for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
            String field = names.next();
            if (!known.contains(field)) {
                throw new IllegalArgumentException(what + ": unknown field \"" + field + "\" (known: " + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
    }
}
