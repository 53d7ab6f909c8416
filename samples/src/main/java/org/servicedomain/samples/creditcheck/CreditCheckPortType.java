package org.servicedomain.samples.creditcheck;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;
import jakarta.xml.bind.annotation.XmlSeeAlso;

/**
 * The credit-check port type: document/literal, one {@code parameters} part whose element is named
 * after the operation (the wrapped convention), one request and one response bean in Java.
 */
@XmlSeeAlso(ObjectFactory.class)
@WebService(name = "CreditCheckPortType", targetNamespace = CreditCheckPortType.NAMESPACE)
@SOAPBinding(style = SOAPBinding.Style.DOCUMENT, use = SOAPBinding.Use.LITERAL,
        parameterStyle = SOAPBinding.ParameterStyle.BARE)
public interface CreditCheckPortType {

    String NAMESPACE = "urn:sd:samples:creditcheck";
    String CHECK_ACTION = NAMESPACE + "#check";

    /** A deterministic credit score (300..850) for {@code customerId}, naming the provider that answered. */
    @WebMethod(operationName = "check", action = CHECK_ACTION)
    @WebResult(name = "checkResponse", targetNamespace = NAMESPACE, partName = "parameters")
    CheckResponse check(@WebParam(name = "check", targetNamespace = NAMESPACE, partName = "parameters") Check request);
}
