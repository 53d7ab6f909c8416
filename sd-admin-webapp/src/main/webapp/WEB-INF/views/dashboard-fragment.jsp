<%@ page contentType="text/html;charset=UTF-8" %>
<c:if test="${not empty problem}"><p class="problem" id="problem"><c:out value="${problem}"/></p></c:if>
<%@ include file="ports.jspf" %>
