package org.servicedomain.samples.blast;

import java.util.List;
import java.util.Map;

/** The databases of the BLAST sample and which one each coloured operation and per-database port type searches. */
public final class BlastDatabases {

    public static final String DATABASE1 = "database1";
    public static final String DATABASE2 = "database2";
    public static final String DATABASE3 = "database3";

    /** Every database, in order; what a provider holds when none are named. */
    public static final List<String> ALL = List.of(DATABASE1, DATABASE2, DATABASE3);

    /** Operation name to the database it searches: runBlue, runGreen, runRed. */
    public static final Map<String, String> BY_OPERATION = Map.of(
            "runBlue", DATABASE1,
            "runGreen", DATABASE2,
            "runRed", DATABASE3);

    /**
     * Per-database port type (local name, all in {@link BlastPortType#NAMESPACE}) to the one database
     * its {@code search} searches: BlastBluePortType, BlastGreenPortType, BlastRedPortType.
     */
    public static final Map<String, String> BY_PORT_TYPE = Map.of(
            "BlastBluePortType", DATABASE1,
            "BlastGreenPortType", DATABASE2,
            "BlastRedPortType", DATABASE3);

    private BlastDatabases() {
    }
}
