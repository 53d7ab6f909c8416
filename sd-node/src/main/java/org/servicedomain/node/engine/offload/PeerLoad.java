package org.servicedomain.node.engine.offload;

import java.net.URI;
import java.util.Optional;
import javax.xml.namespace.QName;

/**
 * The last load report of one peer, with where its virtual ports answer.
 *
 * @param home the peer's home-port address, as the policy names it
 * @param base the peer's context root ({@code http://host:port/sd}), from which its other addresses follow
 * @param fetchedAt {@link System#nanoTime()} when the report arrived
 */
public record PeerLoad(URI home, URI base, LoadReport report, long fetchedAt) {

    /** The peer's port of this port type, if it serves one. */
    public Optional<LoadReport.Port> portOf(QName portType) {
        String wanted = portType.toString();
        return report.ports().stream().filter(p -> wanted.equals(p.portType())).findFirst();
    }

    /** Where the peer's virtual port {@code name} answers. */
    public URI virtualPortAddress(String name) {
        return URI.create(base + "/services/ports/" + name);
    }

    /** The peer's context root for a home-port address: everything before {@code /services/home}. */
    public static URI baseOf(URI home) {
        String text = home.toString();
        int at = text.indexOf("/services/home");
        return URI.create(at < 0 ? stripSlash(text) : text.substring(0, at));
    }

    private static String stripSlash(String text) {
        return text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    }
}
