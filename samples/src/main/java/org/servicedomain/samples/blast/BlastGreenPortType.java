package org.servicedomain.samples.blast;

import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;
import jakarta.xml.bind.annotation.XmlSeeAlso;

/** The port type of BLAST on {@link BlastDatabases#DATABASE2} alone: {@code search} searches that database. */
@XmlSeeAlso(SearchElements.class)
@WebService(name = "BlastGreenPortType", targetNamespace = BlastPortType.NAMESPACE)
@SOAPBinding(style = SOAPBinding.Style.DOCUMENT, use = SOAPBinding.Use.LITERAL,
        parameterStyle = SOAPBinding.ParameterStyle.BARE)
public interface BlastGreenPortType extends BlastDatabasePortType {

    String DATABASE = BlastDatabases.DATABASE2;
}
