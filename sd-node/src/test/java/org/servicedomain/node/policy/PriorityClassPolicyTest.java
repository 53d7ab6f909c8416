package org.servicedomain.node.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.policy.TestPolicies.call;
import static org.servicedomain.node.policy.TestPolicies.compile;
import static org.servicedomain.node.policy.TestPolicies.refusal;
import static org.servicedomain.node.policy.TestPolicies.user;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.qos.PriorityClass;

/** The policy's priority classes: how requests are classed, and what the compiler refuses, with its line. */
class PriorityClassPolicyTest {

    /** The line {@link #withClasses} puts its first qos element on. */
    private static final int FIRST_QOS_LINE = 8;

    @Test
    void aPolicyWithoutPriorityClassesQueuesNothing() {
        assertThat(compile("<policy xmlns=\"urn:sd:policy:1\"/>").priorityClasses().enabled()).isFalse();
    }

    @Test
    void theFirstMatchingQosElementGivesTheClassAndDeadline() {
        PriorityClassRules rules = compile(withClasses("",
                "<qos class=\"high\" timeoutMs=\"3000\" userLevel=\"gold\"/>",
                "<qos class=\"middle\" timeoutMs=\"8000\" package=\"standard\"/>",
                "<qos class=\"low\" timeoutMs=\"1000\" userLevel=\"gold silver\"/>")).priorityClasses();

        assertThat(rules.classify(call("getQuote", user("gold"))))
                .isEqualTo(new PriorityClassRules.Verdict(PriorityClass.HIGH, Duration.ofMillis(3000)));
        assertThat(rules.classify(call("getQuote", user("silver"))))
                .isEqualTo(new PriorityClassRules.Verdict(PriorityClass.MIDDLE, Duration.ofMillis(8000)));
    }

    @Test
    void unassignedTrafficIsLowWithTheDefaultDeadline() {
        PriorityClassRules rules = compile(withClasses(" defaultTimeoutMs=\"1500\"",
                "<qos class=\"high\" timeoutMs=\"3000\" userLevel=\"gold\"/>")).priorityClasses();

        assertThat(rules.classify(call("getQuote", user("silver"))))
                .isEqualTo(new PriorityClassRules.Verdict(PriorityClass.LOW, Duration.ofMillis(1500)));
    }

    @Test
    void anAnonymousCallerFallsToTheDefaultClassWhenTheClassesNameUserLevels() {
        PriorityClassRules rules = compile(withClasses(" defaultTimeoutMs=\"1500\"",
                "<qos class=\"high\" timeoutMs=\"3000\" userLevel=\"gold\"/>")).priorityClasses();

        assertThat(rules.classify(call("getQuote", Caller.ANONYMOUS)))
                .isEqualTo(new PriorityClassRules.Verdict(PriorityClass.LOW, Duration.ofMillis(1500)));
    }

    @Test
    void classesByOperationAndByPayloadContent() {
        PriorityClassRules rules = compile(withClasses("",
                "<qos class=\"high\" timeoutMs=\"2000\" operation=\"buy\"><content select=\"q:symbol\" equals=\"ACME\"/></qos>",
                "<qos class=\"middle\" timeoutMs=\"2000\" operation=\"buy\"/>")).priorityClasses();
        RequestContext buy = call("buy", user("gold"));

        assertThat(rules.contentConditionsFor(buy.virtualPort().name(), "buy")).hasSize(1);
        assertThat(rules.contentConditionsFor(buy.virtualPort().name(), "getQuote")).isEmpty();
        String name = rules.contentConditionsFor(buy.virtualPort().name(), "buy").get(0).name();
        assertThat(rules.classify(buy.withContentValues(Map.of(name, "ACME"))).priorityClass()).isEqualTo(PriorityClass.HIGH);
        assertThat(rules.classify(buy.withContentValues(Map.of(name, "OTHER"))).priorityClass()).isEqualTo(PriorityClass.MIDDLE);
        assertThat(rules.classify(call("getQuote", user("gold"))).priorityClass()).isEqualTo(PriorityClass.LOW);
    }

    @Test
    void anAnonymousCallIsClassedWithoutItsPayloadWhenNoContentConditionBeforeTheDecidingElementCanHold() {
        PriorityClassRules rules = compile(withClasses(" defaultTimeoutMs=\"1500\"",
                "<qos class=\"high\" timeoutMs=\"3000\" userLevel=\"gold\"/>",
                "<qos class=\"high\" timeoutMs=\"2000\" operation=\"buy\"><content select=\"q:symbol\" equals=\"ACME\"/></qos>",
                "<qos class=\"middle\" timeoutMs=\"2500\"><content select=\"q:symbol\" oneOf=\"MID1 MID2\"/></qos>",
                "<qos class=\"middle\" timeoutMs=\"4000\" operation=\"buy\"/>")).priorityClasses();
        String port = call("buy", Caller.ANONYMOUS).virtualPort().name();

        assertThat(rules.classifyUnread(port, "buy", text -> false))
                .as("neither ACME nor MID1 nor MID2 is in the payload: the operation decides")
                .isEqualTo(rules.classify(call("buy", Caller.ANONYMOUS)))
                .isEqualTo(new PriorityClassRules.Verdict(PriorityClass.MIDDLE, Duration.ofMillis(4000)));
        assertThat(rules.classifyUnread(port, "getQuote", text -> !text.equals("MID1") && !text.equals("MID2")))
                .isEqualTo(new PriorityClassRules.Verdict(PriorityClass.LOW, Duration.ofMillis(1500)));
        assertThat(rules.classifyUnread(port, "buy", "ACME"::equals)).as("ACME may be the symbol: only its value tells").isNull();
        assertThat(rules.classifyUnread(port, "getQuote", "MID2"::equals)).isNull();
    }

    @Test
    void refusesAnUnknownClassAtItsLine() {
        InvalidPolicyException e = refusal(withClasses("", "<qos class=\"urgent\" timeoutMs=\"1000\"/>"));

        assertThat(e.line()).isEqualTo(FIRST_QOS_LINE);
        assertThat(e).hasMessageContaining("'urgent'").hasMessageContaining("high, middle, low");
    }

    @Test
    void refusesADeadlineThatIsNotPositive() {
        InvalidPolicyException e = refusal(withClasses("", "<qos class=\"high\" timeoutMs=\"0\"/>"));

        assertThat(e.line()).isEqualTo(FIRST_QOS_LINE);
        assertThat(e).hasMessageContaining("timeoutMs").hasMessageContaining("but was 0");
        assertThat(refusal(withClasses(" defaultTimeoutMs=\"-5\"")).getMessage()).contains("defaultTimeoutMs");
    }

    @Test
    void refusesANodeCapacityThatIsNotPositive() {
        InvalidPolicyException e = refusal(withClasses(" nodeCapacityTps=\"-10\""));

        assertThat(e.line()).isEqualTo(FIRST_QOS_LINE - 1);
        assertThat(e).hasMessageContaining("nodeCapacityTps").hasMessageContaining("-10");
        assertThat(refusal(withClasses(" nodeCapacityTps=\"0\"")).getMessage()).contains("nodeCapacityTps");
    }

    @Test
    void refusesAMiddleMinimumAboveTheNodesCapacity() {
        InvalidPolicyException e = refusal(withClasses(" nodeCapacityTps=\"100\" middleMinimumTps=\"150\""));

        assertThat(e.line()).isEqualTo(FIRST_QOS_LINE - 1);
        assertThat(e).hasMessageContaining("middleMinimumTps 150").hasMessageContaining("nodeCapacityTps 100");
    }

    @Test
    void aPortsOwnMiddleMinimumOverridesTheDefaultAndOtherPortsKeepTheDefault() {
        PriorityClassRules rules = compile(withClasses(" middleMinimumTps=\"20\"",
                "<middleMinimum virtualPort=\"StockQuotePortType\" tps=\"60\"/>",
                "<middleMinimum virtualPort=\"NotRegisteredYet\" tps=\"0\"/>")).priorityClasses();

        assertThat(rules.middleMinimumTps("StockQuotePortType")).isEqualTo(60);
        assertThat(rules.middleMinimumTps("NotRegisteredYet")).isZero();
        assertThat(rules.middleMinimumTps("WeatherPortType")).isEqualTo(20);
    }

    @Test
    void refusesANegativePerPortMiddleMinimumAtItsLine() {
        InvalidPolicyException e = refusal(withClasses("", "<middleMinimum virtualPort=\"StockQuotePortType\" tps=\"-5\"/>"));

        assertThat(e.line()).isEqualTo(FIRST_QOS_LINE);
        assertThat(e).hasMessageContaining("virtual port 'StockQuotePortType'")
                .hasMessageContaining("must be zero or more requests per second but was -5");
    }

    @Test
    void refusesAPerPortMiddleMinimumAboveTheNodesCapacityOrGivenTwice() {
        assertThat(refusal(withClasses(" nodeCapacityTps=\"100\"", "<middleMinimum virtualPort=\"A\" tps=\"150\"/>")))
                .hasMessageContaining("virtual port 'A' is above nodeCapacityTps 100");
        InvalidPolicyException twice = refusal(withClasses("",
                "<middleMinimum virtualPort=\"A\" tps=\"10\"/>", "<middleMinimum virtualPort=\"A\" tps=\"20\"/>"));
        assertThat(twice.line()).isEqualTo(FIRST_QOS_LINE + 1);
        assertThat(twice).hasMessageContaining("virtual port 'A' has a middleMinimum already");
    }

    @Test
    void aRefusalPausesTheConnectionFiftyMillisecondsUnlessThePolicySaysOtherwise() {
        assertThat(compile(withClasses("")).priorityClasses().refusalPause()).isEqualTo(Duration.ofMillis(50));
        assertThat(compile(withClasses(" refusalPauseMs=\"0\"")).priorityClasses().refusalPause()).isZero();
        assertThat(compile(withClasses(" refusalPauseMs=\"250\"")).priorityClasses().refusalPause())
                .isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void refusesARefusalPauseBelowZeroOrAboveTenSeconds() {
        InvalidPolicyException negative = refusal(withClasses(" refusalPauseMs=\"-1\""));

        assertThat(negative.line()).isEqualTo(FIRST_QOS_LINE - 1);
        assertThat(negative).hasMessageContaining("refusalPauseMs must be between 0 and 10000 but was -1");
        assertThat(refusal(withClasses(" refusalPauseMs=\"10001\""))).hasMessageContaining("but was 10001");
    }

    @Test
    void refusesAnUnknownPackageOrUserLevel() {
        assertThat(refusal(withClasses("", "<qos class=\"high\" timeoutMs=\"10\" package=\"premium\"/>")))
                .hasMessageContaining("package 'premium'");
        assertThat(refusal(withClasses("", "<qos class=\"high\" timeoutMs=\"10\" userLevel=\"platinum\"/>")))
                .hasMessageContaining("user level 'platinum'");
    }

    /** A policy declaring user levels gold and silver, package standard (silver), and priority classes on line 7. */
    private static String withClasses(String attributes, String... qos) {
        return "<policy xmlns=\"urn:sd:policy:1\">\n"
                + "<serviceLevels><userLevel name=\"gold\"/><userLevel name=\"silver\"/></serviceLevels>\n"
                + "<namespace prefix=\"q\" uri=\"urn:sd:samples:stockquote\"/>\n"
                + "<package name=\"standard\" userLevels=\"silver\">\n"
                + "<grant virtualPort=\"StockQuotePortType\"/>\n"
                + "</package>\n"
                + "<priorityClasses" + attributes + ">\n"
                + String.join("\n", qos) + (qos.length == 0 ? "" : "\n")
                + "</priorityClasses>\n"
                + "</policy>";
    }
}
