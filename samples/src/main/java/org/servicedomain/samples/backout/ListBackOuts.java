package org.servicedomain.samples.backout;

import jakarta.xml.bind.annotation.XmlType;

/** Request of {@code listBackOuts}: no arguments. */
@XmlType(name = "ListBackOuts")
public class ListBackOuts {
}
