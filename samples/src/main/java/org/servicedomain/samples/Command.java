package org.servicedomain.samples;

import java.net.URI;
import org.servicedomain.samples.provider.ProviderOptions;

/** A parsed {@link SamplesMain} command line. */
public sealed interface Command {

    /** Run one provider until terminated. */
    record RunProvider(ProviderOptions options) implements Command {
    }

    /** Run the demo topology against the node at {@code node}, providers on ports from {@code basePort}. */
    record RunDemo(URI node, int basePort) implements Command {
    }
}
