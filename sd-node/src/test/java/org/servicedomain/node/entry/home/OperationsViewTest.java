package org.servicedomain.node.entry.home;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.GET_HISTORY;
import static org.servicedomain.node.TestInstances.GET_QUOTE;
import static org.servicedomain.node.TestInstances.STOCK_QUOTE;

import java.util.Map;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.VirtualPortInfo;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.VirtualPort;

class OperationsViewTest {

    private static final VirtualPort PORT = new VirtualPort("StockQuotePortType", STOCK_QUOTE,
            TestInstances.virtualPort().soapVersion(), null, TestInstances.virtualPort().binding(), "<definitions/>",
            Map.of(GET_QUOTE, "GetQuote", GET_HISTORY, "GetHistory"), Map.of(), Map.of());

    private static Instance implementing(Map<QName, String> operations) {
        Instance plain = TestInstances.instance("q-1");
        return new Instance(plain.id(), plain.virtualPort(), plain.portType(), plain.endpointAddress(), plain.wsdlLocation(),
                null, null, null, Map.of(), plain.state(), null, operations);
    }

    private static InstanceInfo shown(Instance instance) {
        InstanceInfo info = new InstanceInfo();
        OperationsView.addTo(info, instance, PORT);
        return info;
    }

    @Test
    void aPortListsItsOperationsInNameOrder() {
        VirtualPortInfo info = new VirtualPortInfo();

        OperationsView.addTo(info, PORT);

        assertThat(info.getOperation()).containsExactly("GetHistory", "GetQuote");
    }

    @Test
    void anInstanceLackingAnOperationListsThePortsOperationsItImplements() {
        InstanceInfo info = shown(implementing(Map.of(GET_QUOTE, "GetQuote")));

        assertThat(info.isAllOperations()).isFalse();
        assertThat(info.getOperation()).containsExactly("GetQuote");
    }

    @Test
    void anInstanceWithEveryOperationOfItsPortSaysAllEvenWithOneThePortLacks() {
        QName extra = new QName(STOCK_QUOTE.getNamespaceURI(), "GetNews");
        InstanceInfo info = shown(implementing(Map.of(GET_QUOTE, "GetQuote", GET_HISTORY, "GetHistory", extra, "GetNews")));

        assertThat(info.isAllOperations()).isTrue();
        assertThat(info.getOperation()).isEmpty();
    }

    @Test
    void anInstanceFiledBeforeInstancesRecordedOperationsImplementsAll() {
        InstanceInfo info = shown(implementing(null));

        assertThat(info.isAllOperations()).isTrue();
        assertThat(info.getOperation()).isEmpty();
    }
}
