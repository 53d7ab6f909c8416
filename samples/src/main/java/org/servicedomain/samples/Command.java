package org.servicedomain.samples;

import java.net.URI;
import java.util.Map;
import org.servicedomain.samples.provider.ProviderAnnouncement;
import org.servicedomain.samples.provider.ProviderOptions;

/** A parsed {@link SamplesMain} command line. */
public sealed interface Command {

    /** Run one provider until terminated. */
    record RunProvider(ProviderOptions options, ProviderAnnouncement announcement) implements Command {

        /** A provider that does not announce itself. */
        public RunProvider(ProviderOptions options) {
            this(options, null);
        }
    }

    /** Run the demo topology against the node at {@code node}, providers on ports from {@code basePort}. */
    record RunDemo(URI node, int basePort, boolean announce) implements Command {

        /** A demo that registers its providers through the home port. */
        public RunDemo(URI node, int basePort) {
            this(node, basePort, false);
        }
    }

    /** Run the financial-grid topology against running nodes UF, UBC, UPM and WFS. */
    record RunGrid(Map<String, URI> nodes, int basePort) implements Command {
    }
}
