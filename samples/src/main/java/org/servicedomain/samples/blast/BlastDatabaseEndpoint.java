package org.servicedomain.samples.blast;

import jakarta.jws.WebService;

/**
 * The implementation of a per-database BLAST port type for one provider, which holds exactly that
 * port type's database; one small subclass per port type names the service and port.
 */
public abstract class BlastDatabaseEndpoint implements BlastDatabasePortType {

    private final String providerName;
    private final String database;

    private BlastDatabaseEndpoint(String providerName, String database) {
        this.providerName = providerName;
        this.database = database;
    }

    @Override
    public BlastResult search(SequenceRequest request) {
        return BlastSearch.search(request.getSequence(), database, providerName);
    }

    /** {@code BlastBlueService}/{@code BlastBluePort}, searching {@link BlastBluePortType#DATABASE}. */
    @WebService(endpointInterface = "org.servicedomain.samples.blast.BlastBluePortType",
            targetNamespace = BlastPortType.NAMESPACE, serviceName = "BlastBlueService", portName = "BlastBluePort")
    public static final class Blue extends BlastDatabaseEndpoint implements BlastBluePortType {
        public Blue(String providerName) {
            super(providerName, DATABASE);
        }
    }

    /** {@code BlastGreenService}/{@code BlastGreenPort}, searching {@link BlastGreenPortType#DATABASE}. */
    @WebService(endpointInterface = "org.servicedomain.samples.blast.BlastGreenPortType",
            targetNamespace = BlastPortType.NAMESPACE, serviceName = "BlastGreenService", portName = "BlastGreenPort")
    public static final class Green extends BlastDatabaseEndpoint implements BlastGreenPortType {
        public Green(String providerName) {
            super(providerName, DATABASE);
        }
    }

    /** {@code BlastRedService}/{@code BlastRedPort}, searching {@link BlastRedPortType#DATABASE}. */
    @WebService(endpointInterface = "org.servicedomain.samples.blast.BlastRedPortType",
            targetNamespace = BlastPortType.NAMESPACE, serviceName = "BlastRedService", portName = "BlastRedPort")
    public static final class Red extends BlastDatabaseEndpoint implements BlastRedPortType {
        public Red(String providerName) {
            super(providerName, DATABASE);
        }
    }
}
