package org.servicedomain.samples.otherquotes;

import jakarta.jws.WebService;
import java.util.concurrent.atomic.AtomicLong;
import org.servicedomain.samples.stockquote.StockQuoteEndpoint;

/** One other-quotes provider: the same prices as the stock-quote providers, answers naming the provider. */
@WebService(endpointInterface = "org.servicedomain.samples.otherquotes.OtherQuotesPortType",
        targetNamespace = OtherQuotesPortType.NAMESPACE,
        serviceName = "OtherQuotesService", portName = "OtherQuotesPort")
public class OtherQuotesEndpoint implements OtherQuotesPortType {

    private final String providerName;
    private final AtomicLong orders = new AtomicLong();

    public OtherQuotesEndpoint(String providerName) {
        this.providerName = providerName;
    }

    /** The dividend every provider quotes for {@code symbol}: a hundredth of its price. */
    public static double dividendOf(String symbol) {
        return Math.round(StockQuoteEndpoint.priceOf(symbol)) / 100.0;
    }

    @Override
    public GetQuoteResponse getQuote(GetQuote request) throws UnknownSymbolFault {
        if (UNLISTED.equals(request.getSymbol())) {
            throw new UnknownSymbolFault("symbol " + UNLISTED + " is not listed by " + providerName,
                    new UnknownSymbol(request.getSymbol(), providerName));
        }
        return new GetQuoteResponse(request.getSymbol(), StockQuoteEndpoint.priceOf(request.getSymbol()), providerName);
    }

    @Override
    public BuyResponse buy(Buy request) {
        String orderId = String.format("%s-%06d", providerName, orders.incrementAndGet());
        return new BuyResponse(orderId, request.getSymbol(), request.getQuantity(), providerName);
    }

    @Override
    public GetDividendResponse getDividend(GetDividend request) {
        return new GetDividendResponse(request.getSymbol(), dividendOf(request.getSymbol()), providerName);
    }
}
