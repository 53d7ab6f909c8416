<%@ page contentType="text/html;charset=UTF-8" %>
<%@ taglib prefix="sd" tagdir="/WEB-INF/tags" %>
<c:set var="pageTitle" value="Topology"/>
<%@ include file="header.jspf" %>
<section class="card">
<form method="post" action="${pageContext.request.contextPath}/topology" id="poll-form" class="inline">
  <input type="hidden" name="csrf" value="${fn:escapeXml(user.csrfToken)}">
  <button type="submit" id="poll">Poll now</button>
  <span class="hint">Each child node is shown as it answered the last discovery poll; polling asks every level again.</span>
</form>
</section>
<c:if test="${not empty topology}">
<ul class="topology card" id="topology">
  <sd:topology-node node="${topology}"/>
</ul>
</c:if>
<%@ include file="footer.jspf" %>
