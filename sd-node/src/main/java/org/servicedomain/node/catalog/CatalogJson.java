package org.servicedomain.node.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;

/**
 * The catalog as JSON ({@code catalog.json}, format 1): the one form every store keeps it in, so a
 * node's file and a cluster's znode hold the same document.
 */
public final class CatalogJson {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private CatalogJson() {
    }

    /** One virtual port; {@code placed} is absent when no port type is placed into it. */
    record PortRecord(String name, String portType, String binding, String wsdlDigest,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PlacedRecord> placed) {
    }

    /** A port type placed into a port, as its latest instance was filed. */
    record PlacedRecord(String portType, String wsdlDigest, List<OperationRecord> operations) {
    }

    /** One operation an instance implements: its name and its request element (rpc style: its wrapper). */
    record OperationRecord(String name, String element,
            @JsonInclude(JsonInclude.Include.NON_NULL) String soapAction) {
    }

    /**
     * One instance; {@code supplierLevel} is only read, from catalogs written when an instance had one
     * level. {@code operations} is absent from catalogs written before instances recorded them: such an
     * instance implements every operation of its port.
     */
    record InstanceRecord(String id, String virtualPort, String portType, String endpointAddress,
            String wsdlLocation, String wsdlDigest, @JsonInclude(JsonInclude.Include.NON_NULL) String supplierLevel,
            List<String> supplierLevels, Long timeoutMs, Map<String, String> attributes, String state, String stateData,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<OperationRecord> operations) {

        Set<String> levels() {
            Set<String> levels = new HashSet<>(supplierLevels == null ? List.of() : supplierLevels);
            if (supplierLevel != null) {
                levels.add(supplierLevel);
            }
            return levels;
        }

        Map<QName, String> operationsByElement() {
            return operations == null ? null : byElement(operations);
        }
    }

    private static Map<QName, String> byElement(List<OperationRecord> operations) {
        Map<QName, String> byElement = new HashMap<>();
        operations.forEach(o -> byElement.put(QName.valueOf(o.element()), o.name()));
        return byElement;
    }

    private static Map<String, String> soapActions(List<OperationRecord> operations) {
        Map<String, String> actions = new HashMap<>();
        if (operations != null) {
            operations.stream().filter(o -> o.soapAction() != null).forEach(o -> actions.put(o.name(), o.soapAction()));
        }
        return actions;
    }

    record CatalogFile(int format, List<PortRecord> ports, List<InstanceRecord> instances) {
    }

    public static CatalogStore.StoredCatalog read(byte[] document) throws IOException {
        CatalogFile file = JSON.readValue(document, CatalogFile.class);
        List<CatalogStore.StoredPort> ports = new ArrayList<>();
        for (PortRecord p : file.ports()) {
            ports.add(port(p));
        }
        List<Instance> instances = new ArrayList<>();
        for (InstanceRecord i : file.instances()) {
            instances.add(instance(i));
        }
        return new CatalogStore.StoredCatalog(ports, instances);
    }

    public static byte[] write(CatalogStore.StoredCatalog catalog) throws IOException {
        List<PortRecord> ports = new ArrayList<>();
        for (CatalogStore.StoredPort p : catalog.ports()) {
            ports.add(record(p));
        }
        List<InstanceRecord> instances = new ArrayList<>();
        for (Instance i : catalog.instances()) {
            instances.add(record(i));
        }
        return JSON.writeValueAsBytes(new CatalogFile(1, ports, instances));
    }

    /** One virtual port alone, as it stands in the catalog's {@code ports} (a cluster keeps one per znode). */
    public static byte[] writePort(CatalogStore.StoredPort port) throws IOException {
        return COMPACT.writeValueAsBytes(record(port));
    }

    public static CatalogStore.StoredPort readPort(byte[] document) throws IOException {
        return port(JSON.readValue(document, PortRecord.class));
    }

    /** One instance alone, as it stands in the catalog's {@code instances} (a cluster keeps one per znode). */
    public static byte[] writeInstance(Instance instance) throws IOException {
        return COMPACT.writeValueAsBytes(record(instance));
    }

    public static Instance readInstance(byte[] document) throws IOException {
        return instance(JSON.readValue(document, InstanceRecord.class));
    }

    private static final ObjectMapper COMPACT = new ObjectMapper();

    private static CatalogStore.StoredPort port(PortRecord p) {
        List<PlacedPortType> placed = new ArrayList<>();
        if (p.placed() != null) {
            for (PlacedRecord r : p.placed()) {
                placed.add(new PlacedPortType(QName.valueOf(r.portType()), r.wsdlDigest(),
                        r.operations() == null ? Map.of() : byElement(r.operations()),
                        soapActions(r.operations())));
            }
        }
        return new CatalogStore.StoredPort(p.name(), QName.valueOf(p.portType()), QName.valueOf(p.binding()),
                p.wsdlDigest(), placed);
    }

    private static Instance instance(InstanceRecord i) {
        return new Instance(i.id(), i.virtualPort(), QName.valueOf(i.portType()), i.endpointAddress(),
                i.wsdlLocation(), i.wsdlDigest(), i.levels(), i.timeoutMs(),
                i.attributes() == null ? Map.of() : i.attributes(), InstanceState.fromWireName(i.state()),
                i.stateData(), i.operationsByElement(), soapActions(i.operations()));
    }

    private static PortRecord record(CatalogStore.StoredPort p) {
        List<PlacedRecord> placed = p.placed().stream()
                .map(t -> new PlacedRecord(t.portType().toString(), t.wsdlDigest(),
                        operationRecords(t.operations(), t.soapActions())))
                .toList();
        return new PortRecord(p.name(), p.portType().toString(), p.binding().toString(), p.wsdlDigest(), placed);
    }

    private static InstanceRecord record(Instance i) {
        return new InstanceRecord(i.id(), i.virtualPort(), i.portType().toString(), i.endpointAddress(),
                i.wsdlLocation(), i.wsdlDigest(), null, i.sortedSupplierLevels(), i.timeoutMs(), i.sortedAttributes(),
                i.state().wireName(), i.stateData(),
                i.operations() == null ? null : operationRecords(i.operations(), i.soapActions()));
    }

    /** Operations in name order, so the same instance or port always writes the same document. */
    private static List<OperationRecord> operationRecords(Map<QName, String> operations, Map<String, String> soapActions) {
        return operations.entrySet().stream()
                .map(e -> new OperationRecord(e.getValue(), e.getKey().toString(), soapActions.get(e.getValue())))
                .sorted(Comparator.comparing(OperationRecord::name).thenComparing(OperationRecord::element))
                .toList();
    }
}
