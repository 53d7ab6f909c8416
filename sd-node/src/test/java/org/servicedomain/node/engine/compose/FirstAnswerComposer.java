package org.servicedomain.node.engine.compose;

import java.util.List;
import org.servicedomain.node.directive.Composer;
import org.w3c.dom.Element;

/** A custom composer as a policy would name it: the first answer alone. */
public final class FirstAnswerComposer implements Composer {

    @Override
    public Element compose(List<Element> answers) {
        return answers.get(0);
    }
}
