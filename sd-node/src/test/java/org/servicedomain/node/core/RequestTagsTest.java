package org.servicedomain.node.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.servicedomain.node.TestInstances;

/** Tags a request carries, added one by one or several at once as the request arrives. */
class RequestTagsTest {

    record First(int value) {
    }

    record Second(String value) {
    }

    @Test
    void tagsAddedTogetherReadBackByType() {
        RequestContext request = TestInstances.request()
                .withTags(RequestContext.Tags.adding().tag(First.class, new First(1)).tag(Second.class, new Second("b")));

        assertThat(request.tag(First.class)).isEqualTo(new First(1));
        assertThat(request.tag(Second.class)).isEqualTo(new Second("b"));
    }

    @Test
    void aTypeGivenTwiceKeepsItsLastValue() {
        RequestContext request = TestInstances.request()
                .withTags(RequestContext.Tags.adding().tag(First.class, new First(1)).tag(First.class, new First(2)));

        assertThat(request.tag(First.class)).isEqualTo(new First(2));
    }

    @Test
    void tagsAddedLaterKeepTheEarlierOnesAndReplaceTheirOwnType() {
        RequestContext request = TestInstances.request().withTag(First.class, new First(1)).withTag(Second.class, new Second("a"))
                .withTags(RequestContext.Tags.adding().tag(Second.class, new Second("b")));

        assertThat(request.tag(First.class)).isEqualTo(new First(1));
        assertThat(request.tag(Second.class)).isEqualTo(new Second("b"));
    }

    @Test
    void addingTagsLeavesTheOriginalRequestAsItWas() {
        RequestContext before = TestInstances.request().withTag(First.class, new First(1));

        before.withTags(RequestContext.Tags.adding().tag(First.class, new First(2)));

        assertThat(before.tag(First.class)).isEqualTo(new First(1));
    }
}
