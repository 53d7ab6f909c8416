package org.servicedomain.samples.blast;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;
import jakarta.xml.bind.annotation.XmlSeeAlso;

/**
 * The BLAST port type: {@code run} searches a named database, {@code runBlue}/{@code runGreen}/
 * {@code runRed} search the database {@link BlastDatabases#BY_OPERATION} names. Every operation
 * faults with {@link DatabaseNotHeldFault} when the provider does not hold that database.
 */
@XmlSeeAlso(ObjectFactory.class)
@WebService(name = "BlastPortType", targetNamespace = BlastPortType.NAMESPACE)
@SOAPBinding(style = SOAPBinding.Style.DOCUMENT, use = SOAPBinding.Use.LITERAL,
        parameterStyle = SOAPBinding.ParameterStyle.BARE)
public interface BlastPortType {

    String NAMESPACE = "urn:sd:samples:blast";
    String RUN_ACTION = NAMESPACE + "#run";
    String RUN_BLUE_ACTION = NAMESPACE + "#runBlue";
    String RUN_GREEN_ACTION = NAMESPACE + "#runGreen";
    String RUN_RED_ACTION = NAMESPACE + "#runRed";

    @WebMethod(operationName = "run", action = RUN_ACTION)
    @WebResult(name = "runResponse", targetNamespace = NAMESPACE, partName = "parameters")
    BlastResult run(@WebParam(name = "run", targetNamespace = NAMESPACE, partName = "parameters") Run request)
            throws DatabaseNotHeldFault;

    @WebMethod(operationName = "runBlue", action = RUN_BLUE_ACTION)
    @WebResult(name = "runBlueResponse", targetNamespace = NAMESPACE, partName = "parameters")
    BlastResult runBlue(
            @WebParam(name = "runBlue", targetNamespace = NAMESPACE, partName = "parameters") SequenceRequest request)
            throws DatabaseNotHeldFault;

    @WebMethod(operationName = "runGreen", action = RUN_GREEN_ACTION)
    @WebResult(name = "runGreenResponse", targetNamespace = NAMESPACE, partName = "parameters")
    BlastResult runGreen(
            @WebParam(name = "runGreen", targetNamespace = NAMESPACE, partName = "parameters") SequenceRequest request)
            throws DatabaseNotHeldFault;

    @WebMethod(operationName = "runRed", action = RUN_RED_ACTION)
    @WebResult(name = "runRedResponse", targetNamespace = NAMESPACE, partName = "parameters")
    BlastResult runRed(
            @WebParam(name = "runRed", targetNamespace = NAMESPACE, partName = "parameters") SequenceRequest request)
            throws DatabaseNotHeldFault;
}
