package org.servicedomain.samples.backout;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;
import jakarta.xml.bind.annotation.XmlSeeAlso;

/**
 * The back-out port type: document/literal, one {@code parameters} part whose element is named
 * after the operation (the wrapped convention), one request and one response bean in Java.
 */
@XmlSeeAlso(ObjectFactory.class)
@WebService(name = "BackOutPortType", targetNamespace = BackOutPortType.NAMESPACE)
@SOAPBinding(style = SOAPBinding.Style.DOCUMENT, use = SOAPBinding.Use.LITERAL,
        parameterStyle = SOAPBinding.ParameterStyle.BARE)
public interface BackOutPortType {

    String NAMESPACE = "urn:sd:samples:backout";
    String BACK_OUT_ACTION = NAMESPACE + "#backOut";
    String LIST_BACK_OUTS_ACTION = NAMESPACE + "#listBackOuts";

    /** Records the back-out of a failed operation (here: only recorded, nothing to undo). */
    @WebMethod(operationName = "backOut", action = BACK_OUT_ACTION)
    @WebResult(name = "backOutResponse", targetNamespace = NAMESPACE, partName = "parameters")
    BackOutResponse backOut(@WebParam(name = "backOut", targetNamespace = NAMESPACE, partName = "parameters") BackOut request);

    /** Every back-out this provider received since it started, oldest first. */
    @WebMethod(operationName = "listBackOuts", action = LIST_BACK_OUTS_ACTION)
    @WebResult(name = "listBackOutsResponse", targetNamespace = NAMESPACE, partName = "parameters")
    ListBackOutsResponse listBackOuts(
            @WebParam(name = "listBackOuts", targetNamespace = NAMESPACE, partName = "parameters") ListBackOuts request);
}
