package org.servicedomain.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What sdctl refuses as a usage error (exit 2) before asking the node anything: no node to call,
 * an address that is not a node's, and options out of range, each with a line saying what to give.
 */
class UsageErrorsTest {

    private static final int USAGE = 2;

    @RegisterExtension
    final CannedSdctl sdctl = new CannedSdctl();
    private final CannedNode node = sdctl.node();

    @AfterEach
    void theNodeWasNeverAsked() {
        assertThat(node.asked).isEmpty();
    }

    @Test
    void withoutNodeOptionEnvironmentOrKeptSessionThereIsNoNodeToCall() {
        CannedSdctl.Result result = sdctl.runAsTyped("", "status");

        assertThat(result.exitCode()).isEqualTo(USAGE);
        assertThat(result.err()).contains("no node given").contains("--node").contains(Sdctl.NODE_VARIABLE);
    }

    @Test
    void anAddressThatIsNotAnHttpUrlIsNotANodesAddress() {
        for (String address : new String[] {"ftp://canned.node.example/sd", "canned.node.example/sd", "http://"}) {
            CannedSdctl.Result result = sdctl.runAsTyped("", "--node", address, "status");

            assertThat(result.exitCode()).as(address).isEqualTo(USAGE);
            assertThat(result.err()).as(address).contains("not a node address").contains(address);
        }
    }

    @Test
    void statsNeedsAPositiveIntervalAndACountOfAtLeastOne() {
        assertThat(sdctl.run("stats", "--interval", "0").exitCode()).isEqualTo(USAGE);
        CannedSdctl.Result noCount = sdctl.run("stats", "--watch", "--count", "0");

        assertThat(noCount.exitCode()).isEqualTo(USAGE);
        assertThat(noCount.err()).contains("--count at least 1");
    }

    @Test
    void eventsNeedPositiveBoundsAndASequenceOfZeroOrMore() {
        for (String[] bound : new String[][] {{"--interval", "0"}, {"--after", "-1"}, {"--count", "0"}, {"--max-seconds", "0"}}) {
            CannedSdctl.Result result = sdctl.run("events", "--follow", bound[0], bound[1]);

            assertThat(result.exitCode()).as(String.join(" ", bound)).isEqualTo(USAGE);
            assertThat(result.err()).as(String.join(" ", bound)).contains(bound[0]);
        }
    }

    @Test
    void aBillExportIsCsvOrJsonOnly() {
        CannedSdctl.Result result = sdctl.run("bill", "bea", "--from", "2026-12-01", "--export", "xml");

        assertThat(result.exitCode()).isEqualTo(USAGE);
        assertThat(result.err()).contains("--export must be csv or json but was xml");
    }

    @Test
    void aBillPeriodNeedsItsStartAsAnInstantOrADate() {
        CannedSdctl.Result noStart = sdctl.run("bill", "bea");
        CannedSdctl.Result badStart = sdctl.run("bill", "bea", "--from", "yesterday");
        CannedSdctl.Result badEnd = sdctl.run("bill", "bea", "--from", "2026-12-01", "--to", "12/31/2026");

        assertThat(noStart.exitCode()).isEqualTo(USAGE);
        assertThat(noStart.err()).contains("--from");
        assertThat(badStart.exitCode()).isEqualTo(USAGE);
        assertThat(badStart.err()).contains("--from must be an instant").contains("yesterday");
        assertThat(badEnd.exitCode()).isEqualTo(USAGE);
        assertThat(badEnd.err()).contains("--to must be an instant").contains("12/31/2026");
    }

    @Test
    void settingTheDomainInformationNeedsAFieldToSet() {
        CannedSdctl.Result result = sdctl.run("domain", "set");

        assertThat(result.exitCode()).isEqualTo(USAGE);
        assertThat(result.err()).contains("--description").contains("--terms-url");
    }

    @Test
    void aCommandGroupWithoutSubcommandNamesItsSubcommands() {
        assertThat(sdctl.run("users").err()).contains("list, set, remove or passwd");
        assertThat(sdctl.run("domain").err()).contains("show or set");
        assertThat(sdctl.run("policy").err()).contains("get, set, validate, diff, rollback or impact");
        assertThat(sdctl.run("users").exitCode()).isEqualTo(USAGE);
    }

    @Test
    void loginNeedsTheUsersName() {
        CannedSdctl.Result result = sdctl.runWithInput("pw\n", "login");

        assertThat(result.exitCode()).isEqualTo(USAGE);
        assertThat(result.err()).contains("login needs --user");
    }

    @Test
    void logoutWithoutAKeptSessionForTheNodeHasNothingToEnd() {
        CannedSdctl.Result result = sdctl.run("logout");

        assertThat(result.exitCode()).isEqualTo(USAGE);
        assertThat(result.err()).contains("no kept session for " + CannedNode.ADDRESS);
    }

    @Test
    void aPasswordIsNeededOnStandardInputWhenThereIsNoTerminal() {
        CannedSdctl.Result result = sdctl.runWithInput("", "--user", "root", "login");

        assertThat(result.exitCode()).isEqualTo(USAGE);
        assertThat(result.err()).contains("no password given");
    }

    @Test
    void aPolicyFileThatDoesNotExistIsNamed() {
        String missing = sdctl.configHome().resolve("missing.xml").toString();

        CannedSdctl.Result result = sdctl.run("policy", "validate", missing);

        assertThat(result.exitCode()).isEqualTo(USAGE);
        assertThat(result.err()).contains("no such file: " + missing);
    }
}
