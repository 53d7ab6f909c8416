package org.servicedomain.samples.blast;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request of {@code run}: a sequence and the database to search. */
@XmlType(name = "Run", propOrder = {"sequence", "database"})
public class Run {

    @XmlElement(required = true)
    private String sequence;
    @XmlElement(required = true)
    private String database;

    public Run() {
    }

    public Run(String sequence, String database) {
        this.sequence = sequence;
        this.database = database;
    }

    public String getSequence() {
        return sequence;
    }

    public void setSequence(String sequence) {
        this.sequence = sequence;
    }

    public String getDatabase() {
        return database;
    }

    public void setDatabase(String database) {
        this.database = database;
    }
}
