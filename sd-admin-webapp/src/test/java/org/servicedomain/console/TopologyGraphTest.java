package org.servicedomain.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TopologyGraphTest {

    private static PortStatistics.InstanceRow instance(String name, String endpoint) {
        return new PortStatistics.InstanceRow("Q-1", name, endpoint, "operational", "Gold", null, 0, 0, 0, null, "\u2014", "all");
    }

    @Test
    void everyBoxShowsANameAndBeneathItTheHostAndPortWithAnEdgeFromItsParent() {
        TopologyTree.NodeBranch child = new TopologyTree.NodeBranch("child", "http://10.0.0.2:8081/sd/services/home", "reachable",
                List.of(new TopologyTree.PortBranch("Q", List.of(instance("quotes-gold", "http://10.0.0.3:9000/quote")))),
                List.of(), null, null);
        TopologyTree.NodeBranch top = new TopologyTree.NodeBranch("top", "http://10.0.0.1:8080/sd/services/home", null,
                List.of(new TopologyTree.PortBranch("Q", List.of())), List.of(child), "", null);

        String svg = TopologyGraph.svg(top);

        assertThat(svg).startsWith("<svg").contains(">quotes-gold</text>").contains(">10.0.0.3:9000 \u00b7 operational \u00b7 Gold</text>")
                .contains("data-name=\"child\"").contains(">10.0.0.2:8081 \u00b7 reachable</text>");
        assertThat(svg.split("class=\"graph-edge\"", -1)).as("4 edges for 5 boxes").hasSize(5);
    }

    @Test
    void namesAreEscaped() {
        TopologyTree.NodeBranch top = new TopologyTree.NodeBranch("top", null, null,
                List.of(new TopologyTree.PortBranch("Q", List.of(instance("<b>&\"", "http://h:1/")))), List.of(), "", null);

        assertThat(TopologyGraph.svg(top)).contains("&lt;b&gt;&amp;&quot;").doesNotContain("<b>");
    }
}
