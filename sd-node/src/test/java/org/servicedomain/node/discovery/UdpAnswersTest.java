package org.servicedomain.node.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.SoapVersion;

class UdpAnswersTest {

    private static final QName QUOTE = new QName("urn:sd:samples:stockquote", "StockQuotePortType");

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final DiscoveryWriter writer = new DiscoveryWriter();
    private final DiscoveryMessage probe = DiscoveryMessage.probe(DiscoveryVersion.V11, SoapVersion.SOAP_12, List.of(QUOTE),
            List.of(), null);
    private final InetSocketAddress victim = new InetSocketAddress("192.0.2.9", 40000);

    private static List<EndpointDescription> ports(int count) {
        return IntStream.range(0, count).mapToObj(i -> new EndpointDescription("urn:uuid:port-" + i, List.of(QUOTE),
                List.of("http://example.org/sd/sales"), List.of("http://192.0.2.1:8080/sd/services/ports/P" + i), 1))
                .toList();
    }

    private byte[] answer(UdpAnswers answers, List<EndpointDescription> matches, InetSocketAddress to) {
        return answers.answer(probe, matches, () -> new AppSequence(1, null, 1), to);
    }

    @Test
    void answersOneSourceOnlyAsOftenAsItsBudgetAllowsAndOthersStill() {
        UdpAnswers answers = new UdpAnswers(DiscoveryLimits.DEFAULT.withAnswersPerSecond(3), writer, nanos::get);

        long answered = IntStream.range(0, 50).filter(i -> answer(answers, ports(1), victim) != null).count();

        assertThat(answered).isEqualTo(3);
        assertThat(answer(answers, ports(1), new InetSocketAddress("192.0.2.10", 40000))).isNotNull();
        nanos.addAndGet(1_000_000_000L);
        assertThat(answer(answers, ports(1), victim)).isNotNull();
    }

    @Test
    void anAnswerKeepsTheMatchesThatFitInTheLargestAnswer() {
        UdpAnswers answers = new UdpAnswers(DiscoveryLimits.DEFAULT.withMaxAnswerBytes(1500), writer, nanos::get);

        byte[] bytes = answer(answers, ports(50), victim);

        assertThat(bytes.length).isLessThanOrEqualTo(1500);
        DiscoveryMessage read = new DiscoveryReader().read(bytes);
        assertThat(read.endpoints()).isNotEmpty().hasSizeLessThan(50);
        assertThat(read.endpoints().get(0).address()).isEqualTo("urn:uuid:port-0");
    }

    @Test
    void noAnswerGoesToAMulticastOrWildcardSourceOrPortZero() {
        UdpAnswers answers = new UdpAnswers(DiscoveryLimits.DEFAULT, writer, nanos::get);

        assertThat(answer(answers, ports(1), new InetSocketAddress("239.255.255.250", 3702))).isNull();
        assertThat(answer(answers, ports(1), new InetSocketAddress("0.0.0.0", 3702))).isNull();
        assertThat(answer(answers, ports(1), new InetSocketAddress("192.0.2.9", 0))).isNull();
    }
}
