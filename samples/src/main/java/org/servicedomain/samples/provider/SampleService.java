package org.servicedomain.samples.provider;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.servicedomain.samples.backout.BackOutEndpoint;
import org.servicedomain.samples.blast.BlastBluePortType;
import org.servicedomain.samples.blast.BlastDatabaseEndpoint;
import org.servicedomain.samples.blast.BlastEndpoint;
import org.servicedomain.samples.blast.BlastGreenPortType;
import org.servicedomain.samples.blast.BlastRedPortType;
import org.servicedomain.samples.creditcheck.CreditCheckEndpoint;
import org.servicedomain.samples.finance.FinanceEndpoint;
import org.servicedomain.samples.otherquotes.OtherQuotesEndpoint;
import org.servicedomain.samples.stockquote.StockQuoteEndpoint;

/**
 * The sample services a provider can serve; {@link #path()} is both the CLI word and the URL path.
 * {@link #BLAST} holds some databases and searches any of them; {@link #BLAST_BLUE}, {@link #BLAST_GREEN}
 * and {@link #BLAST_RED} are BLAST with one port type per database, each holding exactly its own.
 */
public enum SampleService {

    STOCKQUOTE("stockquote", null),
    /** The stock-quote service as another vendor describes it: {@code OtherQuotesPortType}, another namespace. */
    OTHER_QUOTES("other-quotes", null),
    CREDITCHECK("creditcheck", null),
    BLAST("blast", null),
    /** {@code BlastBluePortType}, searching database1. */
    BLAST_BLUE("blast-blue", BlastBluePortType.DATABASE),
    /** {@code BlastGreenPortType}, searching database2. */
    BLAST_GREEN("blast-green", BlastGreenPortType.DATABASE),
    /** {@code BlastRedPortType}, searching database3. */
    BLAST_RED("blast-red", BlastRedPortType.DATABASE),
    /** The financial grid's {@code OnlineTradingPortType}. */
    ONLINE_TRADING("online-trading", null),
    /** The financial grid's {@code PersonalLoansPortType}. */
    PERSONAL_LOANS("personal-loans", null),
    /** The financial grid's {@code PersonalInvestmentBankingPortType}. */
    INVESTMENT_BANKING("investment-banking", null),
    /** The financial grid's {@code CommodityTradingPortType}. */
    COMMODITY_TRADING("commodity-trading", null),
    /** {@code BackOutPortType}: takes back-outs of failed requests and lists those it received. */
    BACKOUT("backout", null);

    private final String path;
    private final String soleDatabase;

    SampleService(String path, String soleDatabase) {
        this.path = path;
        this.soleDatabase = soleDatabase;
    }

    /** The URL path below the provider's root, and the word used on the command line. */
    public String path() {
        return path;
    }

    /** The one BLAST database a per-database BLAST service holds; empty for every other service. */
    public Optional<String> soleDatabase() {
        return Optional.ofNullable(soleDatabase);
    }

    /** The service whose {@link #path()} is {@code name} (case-insensitive); fails naming the valid words. */
    public static SampleService fromName(String name) {
        String wanted = String.valueOf(name).toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(s -> s.path.equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("service must be one of "
                        + Arrays.stream(values()).map(SampleService::path).collect(Collectors.joining(", "))
                        + " but was " + name));
    }

    /** A fresh JAX-WS implementor for one provider with these options. */
    Object createEndpoint(ProviderOptions options) {
        return switch (this) {
            case STOCKQUOTE -> new StockQuoteEndpoint(options.name(), options.symbols());
            case OTHER_QUOTES -> new OtherQuotesEndpoint(options.name());
            case CREDITCHECK -> new CreditCheckEndpoint(options.name());
            case BLAST -> new BlastEndpoint(options.name(), options.databases());
            case BLAST_BLUE -> new BlastDatabaseEndpoint.Blue(options.name());
            case BLAST_GREEN -> new BlastDatabaseEndpoint.Green(options.name());
            case BLAST_RED -> new BlastDatabaseEndpoint.Red(options.name());
            case ONLINE_TRADING -> new FinanceEndpoint.OnlineTrading(options.name());
            case PERSONAL_LOANS -> new FinanceEndpoint.PersonalLoans(options.name());
            case INVESTMENT_BANKING -> new FinanceEndpoint.PersonalInvestmentBanking(options.name());
            case COMMODITY_TRADING -> new FinanceEndpoint.CommodityTrading(options.name());
            case BACKOUT -> new BackOutEndpoint(options.name());
        };
    }
}
