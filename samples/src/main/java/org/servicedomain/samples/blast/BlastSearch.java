package org.servicedomain.samples.blast;

/** The search every BLAST endpoint runs once it knows the database: hits are a pure function of sequence and database. */
final class BlastSearch {

    private BlastSearch() {
    }

    /** The answer of {@code provider} searching {@code database} for {@code sequence}. */
    static BlastResult search(String sequence, String database, String provider) {
        int count = Math.floorMod((sequence + "@" + database).hashCode(), 10);
        return new BlastResult(count + " hits for " + sequence + " in " + database, database, provider);
    }
}
