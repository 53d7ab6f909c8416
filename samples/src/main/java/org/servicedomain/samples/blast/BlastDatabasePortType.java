package org.servicedomain.samples.blast;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;

/**
 * The one operation shared by the per-database BLAST port types ({@link BlastBluePortType},
 * {@link BlastGreenPortType}, {@link BlastRedPortType}): {@code search} takes a sequence and searches
 * the port type's own database. Its elements are {@code search} and {@code searchResponse}, not
 * {@code run}, so they never clash with {@link BlastPortType}'s {@code run} in the shared namespace.
 * Not a port type itself: each sub-interface names one.
 */
public interface BlastDatabasePortType {

    String SEARCH_ACTION = BlastPortType.NAMESPACE + "#search";

    @WebMethod(operationName = "search", action = SEARCH_ACTION)
    @WebResult(name = "searchResponse", targetNamespace = BlastPortType.NAMESPACE, partName = "parameters")
    BlastResult search(@WebParam(name = "search", targetNamespace = BlastPortType.NAMESPACE, partName = "parameters")
                       SequenceRequest request);
}
