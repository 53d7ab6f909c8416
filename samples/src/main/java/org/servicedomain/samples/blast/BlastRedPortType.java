package org.servicedomain.samples.blast;

import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;
import jakarta.xml.bind.annotation.XmlSeeAlso;

/** The port type of BLAST on {@link BlastDatabases#DATABASE3} alone: {@code search} searches that database. */
@XmlSeeAlso(SearchElements.class)
@WebService(name = "BlastRedPortType", targetNamespace = BlastPortType.NAMESPACE)
@SOAPBinding(style = SOAPBinding.Style.DOCUMENT, use = SOAPBinding.Use.LITERAL,
        parameterStyle = SOAPBinding.ParameterStyle.BARE)
public interface BlastRedPortType extends BlastDatabasePortType {

    String DATABASE = BlastDatabases.DATABASE3;
}
