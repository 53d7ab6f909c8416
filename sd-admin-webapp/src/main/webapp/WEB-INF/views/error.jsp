<%@ page contentType="text/html;charset=UTF-8" isErrorPage="true" %>
<c:set var="pageTitle" value="Something went wrong"/>
<%@ include file="header.jspf" %>
<p class="problem">The console could not complete this request (HTTP <c:out value="${requestScope['jakarta.servlet.error.status_code']}"/>). The console's log has the details.</p>
<p><a href="${pageContext.request.contextPath}/">Start page</a></p>
<%@ include file="footer.jspf" %>
