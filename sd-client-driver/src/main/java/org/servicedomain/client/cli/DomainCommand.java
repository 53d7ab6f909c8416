package org.servicedomain.client.cli;

import org.servicedomain.client.NodeClient;
import org.servicedomain.home.v1.DomainInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The domain information: what the administrators say about the service domain itself (docs/home-port.md). */
@Command(name = "domain", mixinStandardHelpOptions = true, description = "Shows and changes the domain information.",
        subcommands = {DomainCommand.Show.class, DomainCommand.Set.class})
final class DomainCommand extends NodeCommand {

    /** The domain information as sdctl prints it; absent fields are null. */
    record DomainRow(String description, String owner, String contact, String terms, String termsUrl, String changedBy,
            String changedAt) {
        static DomainRow of(DomainInfo d) {
            return new DomainRow(d.getDescription(), d.getOwner(), d.getContact(), d.getTerms(), d.getTermsUrl(),
                    d.getChangedBy(), d.getChangedAt() == null ? null : d.getChangedAt().toGregorianCalendar().toInstant().toString());
        }
    }

    @Override
    int run() {
        throw usage("domain needs a subcommand: show or set");
    }

    /** Prints {@code row} as JSON or as one labelled line per field set ("(none set)" when none is). */
    static void print(NodeCommand command, DomainRow row) throws Exception {
        if (command.json()) {
            command.printJson(row);
            return;
        }
        // | rather than ||: every field set gets its line
        boolean any = line(command, "description", row.description()) | line(command, "owner", row.owner())
                | line(command, "contact", row.contact()) | line(command, "terms", row.terms())
                | line(command, "terms-url", row.termsUrl());
        if (!any) {
            command.out().println("(no domain information set)");
        } else if (row.changedBy() != null) {
            command.out().println("changed:     " + row.changedAt() + " by " + row.changedBy());
        }
    }

    private static boolean line(NodeCommand command, String label, String value) {
        if (value == null) {
            return false;
        }
        command.out().println(String.format("%-12s %s", label + ":", value.replace("\n", "\n             ")));
        return true;
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "Shows the domain information (every caller may read it).")
    static final class Show extends NodeCommand {
        @Override
        int run() throws Exception {
            print(this, DomainRow.of(client().domainInfo()));
            return 0;
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = {"Changes the domain information (administrators).",
                    "An option given replaces the field, an empty one (--terms '') removes it, one not given leaves it."})
    static final class Set extends NodeCommand {

        @Option(names = "--description", paramLabel = "TEXT", description = "What the domain offers (at most 2000 characters).")
        String description;

        @Option(names = "--owner", paramLabel = "TEXT", description = "Who runs the domain (one line, at most 200 characters).")
        String owner;

        @Option(names = "--contact", paramLabel = "TEXT", description = "Whom clients ask (one line, at most 200 characters).")
        String contact;

        @Option(names = "--terms", paramLabel = "TEXT", description = "The terms of use (at most 4000 characters).")
        String terms;

        @Option(names = "--terms-url", paramLabel = "URL", description = "Where the full terms are (an http or https URL).")
        String termsUrl;

        @Override
        int run() throws Exception {
            if (description == null && owner == null && contact == null && terms == null && termsUrl == null) {
                throw usage("domain set needs at least one of --description, --owner, --contact, --terms, --terms-url");
            }
            print(this, DomainRow.of(client().setDomainInfo(new NodeClient.DomainChange(description, owner, contact, terms,
                    termsUrl))));
            return 0;
        }
    }
}
