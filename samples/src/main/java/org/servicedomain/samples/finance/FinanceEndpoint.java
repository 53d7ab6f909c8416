package org.servicedomain.samples.finance;

import jakarta.jws.WebService;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The implementation of a financial-grid port type for one provider; one small subclass per port
 * type names the service and port. Every order is confirmed with a reference naming the provider.
 */
public abstract class FinanceEndpoint implements FinancePortType {

    private final String service;
    private final String providerName;
    private final AtomicLong orders = new AtomicLong();

    private FinanceEndpoint(String service, String providerName) {
        this.service = service;
        this.providerName = providerName;
    }

    @Override
    public Confirmation order(Order request) {
        return new Confirmation(service, request.getItem(), providerName + "-" + orders.incrementAndGet(), providerName);
    }

    /** {@code OnlineTradingService}/{@code OnlineTradingPort}. */
    @WebService(endpointInterface = "org.servicedomain.samples.finance.OnlineTradingPortType",
            targetNamespace = FinancePortType.NAMESPACE, serviceName = "OnlineTradingService", portName = "OnlineTradingPort")
    public static final class OnlineTrading extends FinanceEndpoint implements OnlineTradingPortType {
        public OnlineTrading(String providerName) {
            super("online-trading", providerName);
        }
    }

    /** {@code PersonalLoansService}/{@code PersonalLoansPort}. */
    @WebService(endpointInterface = "org.servicedomain.samples.finance.PersonalLoansPortType",
            targetNamespace = FinancePortType.NAMESPACE, serviceName = "PersonalLoansService", portName = "PersonalLoansPort")
    public static final class PersonalLoans extends FinanceEndpoint implements PersonalLoansPortType {
        public PersonalLoans(String providerName) {
            super("personal-loans", providerName);
        }
    }

    /** {@code PersonalInvestmentBankingService}/{@code PersonalInvestmentBankingPort}. */
    @WebService(endpointInterface = "org.servicedomain.samples.finance.PersonalInvestmentBankingPortType",
            targetNamespace = FinancePortType.NAMESPACE, serviceName = "PersonalInvestmentBankingService",
            portName = "PersonalInvestmentBankingPort")
    public static final class PersonalInvestmentBanking extends FinanceEndpoint implements PersonalInvestmentBankingPortType {
        public PersonalInvestmentBanking(String providerName) {
            super("investment-banking", providerName);
        }
    }

    /** {@code CommodityTradingService}/{@code CommodityTradingPort}. */
    @WebService(endpointInterface = "org.servicedomain.samples.finance.CommodityTradingPortType",
            targetNamespace = FinancePortType.NAMESPACE, serviceName = "CommodityTradingService", portName = "CommodityTradingPort")
    public static final class CommodityTrading extends FinanceEndpoint implements CommodityTradingPortType {
        public CommodityTrading(String providerName) {
            super("commodity-trading", providerName);
        }
    }
}
