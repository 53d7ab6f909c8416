package org.servicedomain.samples;

import jakarta.jws.WebService;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.servicedomain.home.v1.GetPolicy;
import org.servicedomain.home.v1.GetPolicyResponse;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.GetUsers;
import org.servicedomain.home.v1.GetUsersResponse;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.InvokeOperation;
import org.servicedomain.home.v1.InvokeOperationResponse;
import org.servicedomain.home.v1.Login;
import org.servicedomain.home.v1.LoginResponse;
import org.servicedomain.home.v1.Logout;
import org.servicedomain.home.v1.LogoutResponse;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.RegisterResponse;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.RemoveUser;
import org.servicedomain.home.v1.RemoveUserResponse;
import org.servicedomain.home.v1.SetPolicy;
import org.servicedomain.home.v1.SetPolicyResponse;
import org.servicedomain.home.v1.SetServiceInfo;
import org.servicedomain.home.v1.SetServiceInfoResponse;
import org.servicedomain.home.v1.SetUser;
import org.servicedomain.home.v1.SetUserResponse;
import org.servicedomain.home.v1.Unregister;
import org.servicedomain.home.v1.UnregisterResponse;

/** A home port that only records registrations, served from the real home.wsdl; enough for the demo's tests. */
@WebService(endpointInterface = "org.servicedomain.home.v1.HomePortType", targetNamespace = "urn:sd:home:1",
        serviceName = "HomeService", portName = "HomePort",
        wsdlLocation = "classpath:org/servicedomain/schemas/home.wsdl")
public class FakeHomePort implements HomePortType {

    private final List<String> registeredWsdls = new CopyOnWriteArrayList<>();
    private final org.servicedomain.home.v1.DomainInfo domain = new org.servicedomain.home.v1.DomainInfo();

    public List<String> registeredWsdls() {
        return List.copyOf(registeredWsdls);
    }

    @Override
    public RegisterResponse register(Register parameters) {
        registeredWsdls.add(parameters.getWsdlLocation());
        Registration registration = new Registration();
        registration.setInstanceId("instance-" + registeredWsdls.size());
        registration.setVirtualPort("vport-" + registeredWsdls.size());
        registration.setVirtualPortAddress("http://localhost/sd/services/vport-" + registeredWsdls.size());
        RegisterResponse response = new RegisterResponse();
        response.getRegistration().add(registration);
        return response;
    }

    @Override
    public GetPolicyResponse getPolicy(GetPolicy parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public LoginResponse login(Login parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public SetPolicyResponse setPolicy(SetPolicy parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public GetServiceInfoResponse getServiceInfo(GetServiceInfo parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public UnregisterResponse unregister(Unregister parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public InvokeOperationResponse invokeOperation(InvokeOperation parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public SetServiceInfoResponse setServiceInfo(SetServiceInfo parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public LogoutResponse logout(Logout parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public SetUserResponse setUser(SetUser parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public RemoveUserResponse removeUser(RemoveUser parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public org.servicedomain.home.v1.RemoveVirtualPortResponse removeVirtualPort(
            org.servicedomain.home.v1.RemoveVirtualPort parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public GetUsersResponse getUsers(GetUsers parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public org.servicedomain.home.v1.PreviewPolicyResponse previewPolicy(org.servicedomain.home.v1.PreviewPolicy parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public org.servicedomain.home.v1.GetEventsResponse getEvents(org.servicedomain.home.v1.GetEvents parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public org.servicedomain.home.v1.GetSessionsResponse getSessions(org.servicedomain.home.v1.GetSessions parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public org.servicedomain.home.v1.PlanQosResponse planQos(org.servicedomain.home.v1.PlanQos parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public org.servicedomain.home.v1.GetBillResponse getBill(org.servicedomain.home.v1.GetBill parameters) {
        throw new UnsupportedOperationException("not faked");
    }

    @Override
    public org.servicedomain.home.v1.SetDomainInfoResponse setDomainInfo(org.servicedomain.home.v1.SetDomainInfo parameters) {
        domain.setDescription(parameters.getDescription());
        domain.setOwner(parameters.getOwner());
        org.servicedomain.home.v1.SetDomainInfoResponse response = new org.servicedomain.home.v1.SetDomainInfoResponse();
        response.setDomain(domain);
        return response;
    }

    @Override
    public org.servicedomain.home.v1.GetDomainInfoResponse getDomainInfo(org.servicedomain.home.v1.GetDomainInfo parameters) {
        org.servicedomain.home.v1.GetDomainInfoResponse response = new org.servicedomain.home.v1.GetDomainInfoResponse();
        response.setDomain(domain);
        return response;
    }

    @Override
    public org.servicedomain.home.v1.GetPlacementProposalsResponse getPlacementProposals(
            org.servicedomain.home.v1.GetPlacementProposals parameters) {
        return new org.servicedomain.home.v1.GetPlacementProposalsResponse();
    }

    /** The domain information as the demo set it: description and owner only. */
    public org.servicedomain.home.v1.DomainInfo domain() {
        return domain;
    }
}
