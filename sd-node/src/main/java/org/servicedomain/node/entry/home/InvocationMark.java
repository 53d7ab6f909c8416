package org.servicedomain.node.entry.home;

import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Marks a home-port exchange once the request was read and the operation is about to run, so a
 * later fault can tell a request the node could not read from a failure of the node itself.
 */
final class InvocationMark extends AbstractPhaseInterceptor<Message> {

    static final String INVOKED = InvocationMark.class.getName() + ".invoked";

    InvocationMark() {
        super(Phase.PRE_INVOKE);
    }

    @Override
    public void handleMessage(Message message) {
        message.getExchange().put(INVOKED, Boolean.TRUE);
    }
}
