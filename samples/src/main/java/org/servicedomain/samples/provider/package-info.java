/**
 * Real SOAP providers in embedded Tomcat with fault injection, for tests, benchmarks and the demo.
 * {@link org.servicedomain.samples.provider.SampleProvider} is the entry point.
 */
package org.servicedomain.samples.provider;
