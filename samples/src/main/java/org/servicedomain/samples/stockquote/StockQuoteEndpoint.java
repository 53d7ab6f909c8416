package org.servicedomain.samples.stockquote;

import jakarta.jws.WebService;
import java.util.concurrent.atomic.AtomicLong;

/** The stock-quote implementation of one provider; prices are a pure function of the symbol. */
@WebService(endpointInterface = "org.servicedomain.samples.stockquote.StockQuotePortType",
        targetNamespace = StockQuotePortType.NAMESPACE,
        serviceName = "StockQuoteService", portName = "StockQuotePort")
public class StockQuoteEndpoint implements StockQuotePortType {

    private final String providerName;
    private final AtomicLong orders = new AtomicLong();

    public StockQuoteEndpoint(String providerName) {
        this.providerName = providerName;
    }

    /** The price every provider quotes for {@code symbol}: between 10.00 and 999.99. */
    public static double priceOf(String symbol) {
        return 10 + Math.floorMod(String.valueOf(symbol).hashCode(), 99_000) / 100.0;
    }

    @Override
    public GetQuoteResponse getQuote(GetQuote request) {
        return new GetQuoteResponse(request.getSymbol(), priceOf(request.getSymbol()), providerName);
    }

    @Override
    public BuyResponse buy(Buy request) {
        String orderId = String.format("%s-%06d", providerName, orders.incrementAndGet());
        return new BuyResponse(orderId, request.getSymbol(), request.getQuantity(), providerName);
    }
}
