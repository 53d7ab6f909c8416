package org.servicedomain.samples;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;

/**
 * The one provider a test launches, stopped after each test: register it with
 * {@code @RegisterExtension} instead of repeating the launch-and-stop fixture in every class.
 */
public final class LaunchedProvider implements AfterEachCallback {

    private SampleProvider provider;

    public SampleProvider launch(ProviderOptions options) {
        provider = SampleProvider.launch(options);
        return provider;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (provider != null) {
            provider.stop();
            provider = null;
        }
    }
}
