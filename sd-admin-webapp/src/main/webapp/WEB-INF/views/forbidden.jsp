<%@ page contentType="text/html;charset=UTF-8" %>
<c:set var="pageTitle" value="Not allowed"/>
<%@ include file="header.jspf" %>
<p><a href="${pageContext.request.contextPath}${user.startPage}">Back to your start page</a></p>
<%@ include file="footer.jspf" %>
