package org.servicedomain.samples.finance;

import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;
import jakarta.xml.bind.annotation.XmlSeeAlso;

/** The commodity trading port type of the financial grid. */
@XmlSeeAlso(ObjectFactory.class)
@WebService(name = "CommodityTradingPortType", targetNamespace = FinancePortType.NAMESPACE)
@SOAPBinding(style = SOAPBinding.Style.DOCUMENT, use = SOAPBinding.Use.LITERAL,
        parameterStyle = SOAPBinding.ParameterStyle.BARE)
public interface CommodityTradingPortType extends FinancePortType {
}
