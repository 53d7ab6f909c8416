package org.servicedomain.samples.finance;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;

/** The one operation every financial-grid port type has: take an order and confirm it. */
public interface FinancePortType {

    String NAMESPACE = "urn:sd:samples:finance";
    String ORDER_ACTION = NAMESPACE + "#order";

    @WebMethod(operationName = "order", action = ORDER_ACTION)
    @WebResult(name = "orderResponse", targetNamespace = NAMESPACE, partName = "parameters")
    Confirmation order(@WebParam(name = "order", targetNamespace = NAMESPACE, partName = "parameters") Order request);
}
