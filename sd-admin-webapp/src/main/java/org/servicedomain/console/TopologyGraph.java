package org.servicedomain.console;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.servicedomain.client.InstanceNames;

/**
 * The topology page's graph, drawn on the server as SVG: each node, below it its virtual ports with
 * their instances, then its child nodes with theirs, as a tree read from left to right. Every box
 * shows a name first (the node's, the port's, the instance's as registered) and, smaller, what
 * locates it (host:port, state, supplier levels). All text is XML-escaped, so the view may write the
 * markup unescaped.
 */
public final class TopologyGraph {

    static final int ROW = 44;
    static final int INDENT = 56;
    static final int BOX_HEIGHT = 36;
    private static final int MARGIN = 10;
    /** Widths of a character of the name (13px, bold) and of the detail (11px, monospace), with room to spare. */
    private static final double NAME_CHAR = 8.0;
    private static final double DETAIL_CHAR = 7.0;

    /** One box of the graph: its kind (node, port, instance), texts, depth, row and parent's row (-1: none). */
    record Box(String kind, String name, String detail, String state, int depth, int row, int parentRow) {

        int x() { return MARGIN + depth * INDENT; }
        int y() { return MARGIN + row * ROW; }
        int width() { return (int) Math.ceil(18 + Math.max(NAME_CHAR * name.length(), DETAIL_CHAR * detail.length())); }
    }

    private TopologyGraph() {
    }

    /** The SVG of {@code top} and everything below it. */
    public static String svg(TopologyTree.NodeBranch top) {
        List<Box> boxes = new ArrayList<>();
        add(top, 0, -1, boxes);
        int width = boxes.stream().mapToInt(b -> b.x() + b.width()).max().orElse(0) + MARGIN;
        int height = MARGIN * 2 + boxes.size() * ROW - (ROW - BOX_HEIGHT);
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"topology-graph\" class=\"topology-graph\" width=\"")
                .append(width).append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ')
                .append(height).append("\" role=\"img\" aria-label=\"topology graph\">");
        for (Box box : boxes) {
            if (box.parentRow() >= 0) {
                Box parent = boxes.get(box.parentRow());
                int fromX = parent.x() + 14;
                int fromY = parent.y() + BOX_HEIGHT;
                int toY = box.y() + BOX_HEIGHT / 2;
                svg.append(String.format(Locale.ROOT, "<path class=\"graph-edge\" d=\"M%d %d V%d H%d\"/>",
                        fromX, fromY, toY, box.x()));
            }
        }
        for (Box box : boxes) {
            svg.append(String.format(Locale.ROOT, "<g class=\"graph-item graph-%s%s\" data-kind=\"%s\" data-name=\"%s\">",
                    box.kind(), box.state() == null ? "" : " state-" + escape(box.state()), box.kind(), escape(box.name())));
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"5\"/>",
                    box.x(), box.y(), box.width(), BOX_HEIGHT));
            svg.append(String.format(Locale.ROOT, "<text class=\"graph-name\" x=\"%d\" y=\"%d\">%s</text>",
                    box.x() + 8, box.y() + 15, escape(box.name())));
            svg.append(String.format(Locale.ROOT, "<text class=\"graph-detail\" x=\"%d\" y=\"%d\">%s</text></g>",
                    box.x() + 8, box.y() + 29, escape(box.detail())));
        }
        return svg.append("</svg>").toString();
    }

    private static void add(TopologyTree.NodeBranch node, int depth, int parentRow, List<Box> boxes) {
        int nodeRow = boxes.size();
        boxes.add(new Box("node", node.name() == null ? "(unnamed node)" : node.name(),
                join(InstanceNames.hostPort(node.address()), node.state()), node.state(), depth, nodeRow, parentRow));
        for (TopologyTree.PortBranch port : node.ports()) {
            int portRow = boxes.size();
            boxes.add(new Box("port", port.name(), port.instances().size() + " instance(s)", null, depth + 1, portRow, nodeRow));
            for (PortStatistics.InstanceRow instance : port.instances()) {
                boxes.add(new Box("instance", instance.name(),
                        join(instance.getHostPort(), instance.state(), instance.supplierLevel()),
                        instance.state(), depth + 2, boxes.size(), portRow));
            }
        }
        for (TopologyTree.NodeBranch child : node.children()) {
            add(child, depth + 1, nodeRow, boxes);
        }
    }

    private static String join(String... parts) {
        List<String> present = new ArrayList<>();
        for (String part : parts) {
            if (part != null && !part.isBlank()) {
                present.add(part);
            }
        }
        return String.join(" \u00b7 ", present);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
