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

    /**
     * Run the demo topology against the node at {@code node}, providers on ports from {@code basePort},
     * listening on {@code host} (null: every interface).
     */
    record RunDemo(URI node, int basePort, boolean announce, String host) implements Command {

        /** A demo that registers its providers through the home port. */
        public RunDemo(URI node, int basePort) {
            this(node, basePort, false, null);
        }

        public RunDemo(URI node, int basePort, boolean announce) {
            this(node, basePort, announce, null);
        }
    }

    /** Print the usage and start nothing ({@code --help} or {@code -h} anywhere). */
    record ShowHelp() implements Command {
    }

    /** Run the financial-grid topology against running nodes UF, UBC, UPM and WFS. */
    record RunGrid(Map<String, URI> nodes, int basePort) implements Command {
    }
}
