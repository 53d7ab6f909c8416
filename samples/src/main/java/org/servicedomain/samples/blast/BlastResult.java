package org.servicedomain.samples.blast;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Response of every BLAST operation: the hits, the database searched and the provider that searched it. */
@XmlType(name = "BlastResult", propOrder = {"hits", "database", "provider"})
public class BlastResult {

    @XmlElement(required = true)
    private String hits;
    @XmlElement(required = true)
    private String database;
    @XmlElement(required = true)
    private String provider;

    public BlastResult() {
    }

    public BlastResult(String hits, String database, String provider) {
        this.hits = hits;
        this.database = database;
        this.provider = provider;
    }

    public String getHits() {
        return hits;
    }

    public void setHits(String hits) {
        this.hits = hits;
    }

    public String getDatabase() {
        return database;
    }

    public void setDatabase(String database) {
        this.database = database;
    }

    public String getProvider() {
        return provider;
    }

    public void setProvider(String provider) {
        this.provider = provider;
    }
}
