package org.servicedomain.samples.blast;

import jakarta.jws.WebService;
import java.util.List;

/** The BLAST implementation of one provider holding some databases; hits are a pure function of the request. */
@WebService(endpointInterface = "org.servicedomain.samples.blast.BlastPortType",
        targetNamespace = BlastPortType.NAMESPACE,
        serviceName = "BlastService", portName = "BlastPort")
public class BlastEndpoint implements BlastPortType {

    private final String providerName;
    private final List<String> databases;

    public BlastEndpoint(String providerName, List<String> databases) {
        this.providerName = providerName;
        this.databases = List.copyOf(databases);
    }

    @Override
    public BlastResult run(Run request) throws DatabaseNotHeldFault {
        return search(request.getSequence(), request.getDatabase());
    }

    @Override
    public BlastResult runBlue(SequenceRequest request) throws DatabaseNotHeldFault {
        return search(request.getSequence(), BlastDatabases.BY_OPERATION.get("runBlue"));
    }

    @Override
    public BlastResult runGreen(SequenceRequest request) throws DatabaseNotHeldFault {
        return search(request.getSequence(), BlastDatabases.BY_OPERATION.get("runGreen"));
    }

    @Override
    public BlastResult runRed(SequenceRequest request) throws DatabaseNotHeldFault {
        return search(request.getSequence(), BlastDatabases.BY_OPERATION.get("runRed"));
    }

    private BlastResult search(String sequence, String database) throws DatabaseNotHeldFault {
        if (!databases.contains(database)) {
            throw new DatabaseNotHeldFault("database " + database + " not held by provider " + providerName,
                    new DatabaseNotHeld(database, providerName));
        }
        return BlastSearch.search(sequence, database, providerName);
    }
}
