package org.servicedomain.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;

/**
 * The stages after the one under test, as that stage sees them: keeps each request the stage
 * passed on and answers it as the test said (a reply, a refusal, a future the test completes, or
 * a throw; a call refused for them is kept, as the runner would tell it). {@link #refusalBy} reads a stage's refusal the same whether it threw it or answered it
 * as a failed future, as the chain's runner does.
 */
public final class RecordingChain implements Stage.Chain {

    /** A provider's plain answer, from instance {@code a}. */
    public static final ProviderReply ANSWER = new ProviderReply(200, "text/xml; charset=UTF-8",
            "<answer/>".getBytes(StandardCharsets.UTF_8)).servedBy("a");

    private final RequestContext request;
    private final Supplier<CompletableFuture<ProviderReply>> rest;
    private final List<RequestContext> passedOn = new CopyOnWriteArrayList<>();
    private final List<RequestContext> refusedForLater = new CopyOnWriteArrayList<>();

    private RecordingChain(RequestContext request, Supplier<CompletableFuture<ProviderReply>> rest) {
        this.request = request;
        this.rest = rest;
    }

    /** {@code request}, which the later stages answer with {@link #ANSWER}. */
    public static RecordingChain answering(RequestContext request) {
        return answering(request, ANSWER);
    }

    /** {@code request}, which the later stages answer with {@code reply}. */
    public static RecordingChain answering(RequestContext request, ProviderReply reply) {
        return later(request, () -> CompletableFuture.completedFuture(reply));
    }

    /** {@code request}, which the later stages refuse with {@code fault}. */
    public static RecordingChain refusing(RequestContext request, NodeFault fault) {
        return later(request, () -> Completions.failed(fault));
    }

    /** {@code request}, whose later stages answer with {@code answer}, completed when the test says. */
    public static RecordingChain awaiting(RequestContext request, CompletableFuture<ProviderReply> answer) {
        return later(request, () -> answer);
    }

    /** {@code request}, whose later stages throw {@code failure} at once instead of answering a future. */
    public static RecordingChain throwing(RequestContext request, RuntimeException failure) {
        return later(request, () -> {
            throw failure;
        });
    }

    private static RecordingChain later(RequestContext request, Supplier<CompletableFuture<ProviderReply>> rest) {
        return new RecordingChain(request, rest);
    }

    @Override
    public RequestContext request() {
        return request;
    }

    @Override
    public CompletableFuture<ProviderReply> proceed(RequestContext next) {
        passedOn.add(next);
        return rest.get();
    }

    @Override
    public CompletableFuture<ProviderReply> refuse(RequestContext call, NodeFault fault, long startedNanos) {
        refusedForLater.add(call);
        return Completions.failed(fault);
    }

    /** The call the stage refused for the later stages, as the runner would tell it; fails the test unless exactly one. */
    public RequestContext refusedForLater() {
        assertThat(refusedForLater).as("calls the stage refused for the later stages").hasSize(1);
        return refusedForLater.get(0);
    }

    /** Whether the stage passed a request on to the later stages. */
    public boolean wasPassedOn() {
        return !passedOn.isEmpty();
    }

    /** The request the stage passed on; fails the test unless it passed on exactly one. */
    public RequestContext passedOn() {
        assertThat(passedOn).as("requests the stage passed on").hasSize(1);
        return passedOn.get(0);
    }

    /** {@code stage}'s answer to this chain's request, once it is there; fails the test if the stage refused. */
    public ProviderReply replyOf(Stage stage) {
        return stage.process(this).join();
    }

    /**
     * The fault with which {@code stage} refuses this chain's request, thrown at once or in the
     * future it answers (waited for); fails the test if the stage answers instead.
     */
    public NodeFault refusalBy(Stage stage) {
        CompletableFuture<ProviderReply> answer;
        try {
            answer = stage.process(this);
        } catch (RuntimeException thrown) {
            answer = CompletableFuture.failedFuture(thrown);
        }
        return refusalIn(answer);
    }

    /** The fault {@code answer} fails with, once it is done; fails the test if it completes with a reply. */
    public static NodeFault refusalIn(CompletableFuture<ProviderReply> answer) {
        Throwable failure = answer.handle((reply, error) -> error).join();
        assertThat(failure).as("a refusal").isNotNull();
        assertThat(Completions.cause(failure)).as("a refusal").isInstanceOf(NodeFault.class);
        return (NodeFault) Completions.cause(failure);
    }
}
