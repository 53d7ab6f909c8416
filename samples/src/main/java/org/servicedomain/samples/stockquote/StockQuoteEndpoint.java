package org.servicedomain.samples.stockquote;

import jakarta.jws.WebService;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The stock-quote implementation of one provider, an exchange in the model's stock monitor: prices are a
 * pure function of the symbol; {@code monitorStocks} answers only the symbols its exchange lists.
 */
@WebService(endpointInterface = "org.servicedomain.samples.stockquote.StockQuotePortType",
        targetNamespace = StockQuotePortType.NAMESPACE,
        serviceName = "StockQuoteService", portName = "StockQuotePort")
public class StockQuoteEndpoint implements StockQuotePortType {

    private final String providerName;
    private final Set<String> listed;
    private final AtomicLong orders = new AtomicLong();

    /** A provider that quotes every symbol, in {@code monitorStocks} too. */
    public StockQuoteEndpoint(String providerName) {
        this(providerName, List.of());
    }

    /**
     * @param listed the symbols its exchange lists, the only ones {@code monitorStocks} answers; empty:
     *     every symbol ({@code getQuote} quotes any symbol either way)
     */
    public StockQuoteEndpoint(String providerName, List<String> listed) {
        this.providerName = providerName;
        this.listed = Set.copyOf(listed);
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
    public MonitorStocksResponse monitorStocks(MonitorStocks request) {
        return new MonitorStocksResponse(request.getSymbol().stream().distinct()
                .filter(symbol -> listed.isEmpty() || listed.contains(symbol))
                .map(symbol -> new Quote(symbol, priceOf(symbol), providerName)).toList());
    }

    @Override
    public BuyResponse buy(Buy request) {
        String orderId = String.format("%s-%06d", providerName, orders.incrementAndGet());
        return new BuyResponse(orderId, request.getSymbol(), request.getQuantity(), providerName);
    }
}
