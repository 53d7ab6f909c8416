package org.servicedomain.samples.blast;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Fault detail of {@link DatabaseNotHeldFault}: which database was asked of which provider. */
@XmlType(name = "DatabaseNotHeld", propOrder = {"database", "provider"})
public class DatabaseNotHeld {

    @XmlElement(required = true)
    private String database;
    @XmlElement(required = true)
    private String provider;

    public DatabaseNotHeld() {
    }

    public DatabaseNotHeld(String database, String provider) {
        this.database = database;
        this.provider = provider;
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
